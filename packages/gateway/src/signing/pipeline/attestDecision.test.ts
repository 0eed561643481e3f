import { secp256k1 } from '@noble/curves/secp256k1.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { type Decision, hashRequest } from '@rampart/evaluator'
import { compactVerify, importJWK } from 'jose'
import { describe, expect, it } from 'vitest'
import { generateSigningJwk } from '../../core/crypto/generateSigningJwk'
import { attestDecision } from './attestDecision'

const decision: Decision = {
  decision: 'Permit',
  reason: { code: 'PERMITTED', message: 'A matching policy permits the request.' },
  matchedPolicies: ['p1'],
  approvals: { required: [], missing: [], satisfied: [] },
}
const request = { action: 'signMessage', principal: 'alice' }

describe('attestDecision', () => {
  it('signs {decision, requestHash, iat} with ES256K, low-S, verifiable with the public key', async () => {
    const key = await generateSigningJwk('ES256K', 'gateway-attestation')
    const publicKey = Uint8Array.from([
      4,
      ...Buffer.from(key.publicJwk.x!, 'base64url'),
      ...Buffer.from(key.publicJwk.y!, 'base64url'),
    ])
    for (let i = 0; i < 20; i++) {
      const jws = await attestDecision(decision, request, key.privateJwk, 1_800_000_000)
      const [header, payload, signature] = jws.split('.') as [string, string, string]
      expect(JSON.parse(Buffer.from(header, 'base64url').toString())).toEqual({
        alg: 'ES256K',
        typ: 'rampart-decision+jws',
        kid: 'gateway-attestation',
      })
      expect(JSON.parse(Buffer.from(payload, 'base64url').toString())).toEqual({
        decision,
        requestHash: hashRequest(request),
        iat: 1_800_000_000,
      })
      // lowS: true (the default) refuses high-S signatures, so every attestation must be normalized.
      const digest = sha256(Buffer.from(`${header}.${payload}`))
      expect(
        secp256k1.verify(Buffer.from(signature, 'base64url'), digest, publicKey, { prehash: false }),
      ).toBe(true)
    }
  })
})

describe('attestDecision with an Ed25519 attestation key', () => {
  it('signs with EdDSA, verifiable with jose', async () => {
    const key = await generateSigningJwk('EdDSA', 'gateway-attestation-ed')
    const jws = await attestDecision(decision, request, key.privateJwk, 1_800_000_000)
    const { payload, protectedHeader } = await compactVerify(jws, await importJWK(key.publicJwk, 'EdDSA'))
    expect(protectedHeader).toEqual({
      alg: 'EdDSA',
      typ: 'rampart-decision+jws',
      kid: 'gateway-attestation-ed',
    })
    expect(JSON.parse(Buffer.from(payload).toString())).toEqual({
      decision,
      requestHash: hashRequest(request),
      iat: 1_800_000_000,
    })
    const tampered = `${jws.slice(0, -4)}${jws.endsWith('AAAA') ? 'BBBB' : 'AAAA'}`
    await expect(compactVerify(tampered, await importJWK(key.publicJwk, 'EdDSA'))).rejects.toThrow()
  })
})
