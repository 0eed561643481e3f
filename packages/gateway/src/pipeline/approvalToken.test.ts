import { describe, expect, it } from 'vitest'
import { generateSigningJwk } from '../crypto/generateSigningJwk'
import { ValidationError } from '../errors/gatewayError'
import { signApproval, verifyApproval } from './approvalToken'

const request = { clientId: 'client-1', kind: 'evm.sendTransaction', requestId: 'req-1' }

async function credentialFor(alg: 'ES256K' | 'ES256' | 'EdDSA', userId: string) {
  const key = await generateSigningJwk(alg, `${userId}-${alg}`)
  return {
    key,
    credential: { id: `${userId}-${alg}`, userId, key: key.publicJwk as Record<string, unknown> },
  }
}

describe('approvals', () => {
  it('round-trips for every accepted curve and names the approver', async () => {
    for (const alg of ['ES256K', 'ES256', 'EdDSA'] as const) {
      const { key, credential } = await credentialFor(alg, 'bob')
      const jws = await signApproval(key.privateJwk, request)
      await expect(verifyApproval(jws, [credential], request)).resolves.toEqual({
        credentialId: credential.id,
        userId: 'bob',
      })
    }
  })

  it('refuses another request, another key, a tampered signature and malformed input', async () => {
    const { key, credential } = await credentialFor('ES256K', 'bob')
    const other = await credentialFor('ES256K', 'mallory')
    const jws = await signApproval(key.privateJwk, request)
    const byOther = await signApproval(other.key.privateJwk, request)
    // Each check runs only when awaited: a refusal must never be a rejection nobody handles.
    const refusals = [
      () => verifyApproval(jws, [credential], { ...request, requestId: 'req-2' }),
      () => verifyApproval(jws, [credential], { ...request, clientId: 'client-2' }),
      () => verifyApproval(byOther, [credential], request),
      () => verifyApproval(`${jws.slice(0, -6)}AAAAAA`, [credential], request),
      () => verifyApproval('a.b', [credential], request),
      () => verifyApproval('!!.!!.!!', [credential], request),
    ]
    for (const refusal of refusals) await expect(refusal()).rejects.toBeInstanceOf(ValidationError)
  })
})
