import { generateKeyPairSync, sign } from 'node:crypto'
import type { JWK } from 'jose'
import { describe, expect, it } from 'vitest'
import { verifyJwsSignature } from './jwsAlgorithms'

const protectedB64 = Buffer.from('{"alg":"EdDSA"}').toString('base64url')
const payloadB64 = Buffer.from('{"amount":"1"}').toString('base64url')
const signingInput = Buffer.from(`${protectedB64}.${payloadB64}`)

describe('verifyJwsSignature with EdDSA', () => {
  it('accepts a signature by the key and refuses one of another payload', async () => {
    const { privateKey, publicKey } = generateKeyPairSync('ed25519')
    const jwk = publicKey.export({ format: 'jwk' }) as JWK
    const signature = sign(null, signingInput, privateKey).toString('base64url')
    expect(await verifyJwsSignature('EdDSA', jwk, protectedB64, payloadB64, signature)).toBe(true)
    expect(await verifyJwsSignature('EdDSA', jwk, protectedB64, `${payloadB64}x`, signature)).toBe(false)
  })

  it('refuses a small-order client key, under which OpenSSL accepts a forged signature of any payload', async () => {
    const identity = Buffer.alloc(32)
    identity[0] = 1
    const forged = Buffer.alloc(64)
    forged[0] = 1
    const jwk: JWK = { kty: 'OKP', crv: 'Ed25519', x: identity.toString('base64url') }
    expect(
      await verifyJwsSignature('EdDSA', jwk, protectedB64, payloadB64, forged.toString('base64url')),
    ).toBe(false)
  })

  it('refuses keys that are no Ed25519 public key, without throwing', async () => {
    const signature = Buffer.alloc(64).toString('base64url')
    const keys: JWK[] = [
      { kty: 'OKP', crv: 'Ed25519', x: Buffer.alloc(31, 7).toString('base64url') },
      { kty: 'OKP', crv: 'Ed25519', x: Buffer.alloc(33, 7).toString('base64url') },
      { kty: 'OKP', crv: 'Ed25519' },
      { kty: 'OKP', crv: 'Ed448', x: Buffer.alloc(57, 7).toString('base64url') },
      { kty: 'EC', crv: 'P-256', x: Buffer.alloc(32, 7).toString('base64url') },
    ]
    for (const jwk of keys) {
      expect(await verifyJwsSignature('EdDSA', jwk, protectedB64, payloadB64, signature)).toBe(false)
    }
  })
})
