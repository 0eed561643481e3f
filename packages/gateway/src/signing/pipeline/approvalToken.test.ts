import { CompactSign, importJWK } from 'jose'
import { describe, expect, it } from 'vitest'
import { generateSigningJwk } from '../../core/crypto/generateSigningJwk'
import { GatewayError } from '../../core/errors/gatewayError'
import { APPROVAL_TYPE, signApproval, verifyApproval } from './approvalToken'

const request = { clientId: 'client-1', kind: 'evm.sendTransaction', requestId: 'req-1' }
const fresh = () => ({ now: Math.floor(Date.now() / 1000), maxAgeSeconds: 60 })

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
      await expect(verifyApproval(jws, [credential], request, fresh())).resolves.toEqual({
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
      () => verifyApproval(jws, [credential], { ...request, requestId: 'req-2' }, fresh()),
      () => verifyApproval(jws, [credential], { ...request, clientId: 'client-2' }, fresh()),
      () => verifyApproval(byOther, [credential], request, fresh()),
      () => verifyApproval(`${jws.slice(0, -6)}AAAAAA`, [credential], request, fresh()),
      () => verifyApproval('a.b', [credential], request, fresh()),
      () => verifyApproval('!!.!!.!!', [credential], request, fresh()),
    ]
    for (const refusal of refusals) await expect(refusal()).rejects.toBeInstanceOf(GatewayError)
  })

  it('refuses an approval that is not fresh: stale, future-dated or without iat', async () => {
    const { key, credential } = await credentialFor('ES256', 'bob')
    const now = 1_800_000_000
    const at = (iat: number) => signApproval(key.privateJwk, { ...request, iat })
    const window = { now, maxAgeSeconds: 60 }
    await expect(verifyApproval(await at(now - 60), [credential], request, window)).resolves.toMatchObject({
      userId: 'bob',
    })
    await expect(verifyApproval(await at(now + 60), [credential], request, window)).resolves.toMatchObject({
      userId: 'bob',
    })
    const stale = verifyApproval(await at(now - 61), [credential], request, window)
    await expect(stale).rejects.toMatchObject({ code: 'APPROVAL_INVALID' })
    const future = verifyApproval(await at(now + 3600), [credential], request, window)
    await expect(future).rejects.toMatchObject({ code: 'APPROVAL_INVALID' })
    const withoutIat = await new CompactSign(new TextEncoder().encode(JSON.stringify(request)))
      .setProtectedHeader({ alg: 'ES256', kid: key.privateJwk.kid, typ: APPROVAL_TYPE })
      .sign(await importJWK(key.privateJwk, 'ES256'))
    await expect(verifyApproval(withoutIat, [credential], request, window)).rejects.toMatchObject({
      code: 'APPROVAL_INVALID',
    })
  })
})
