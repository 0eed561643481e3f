import { generateKeyPairSync, sign } from 'node:crypto'
import type { JWK } from 'jose'
import { describe, expect, it } from 'vitest'
import { verifyJwsSignature } from './jwsAlgorithms'

const protectedB64 = Buffer.from('{"alg":"EdDSA"}').toString('base64url')
const payloadB64 = Buffer.from('{"amount":"1"}').toString('base64url')
const signingInput = Buffer.from(`${protectedB64}.${payloadB64}`)

// Both ways a signature is checked: on another thread (the default), and on this one (a request alone in flight).
describe.each([
  { where: 'on another thread', onThisThread: false },
  { where: 'on this thread', onThisThread: true },
])('verifyJwsSignature with EdDSA, $where', ({ onThisThread }) => {
  const options = { onThisThread }

  it('accepts a signature by the key and refuses one of another payload', async () => {
    const { privateKey, publicKey } = generateKeyPairSync('ed25519')
    const jwk = publicKey.export({ format: 'jwk' }) as JWK
    const signature = sign(null, signingInput, privateKey).toString('base64url')
    expect(await verifyJwsSignature('EdDSA', jwk, protectedB64, payloadB64, signature, options)).toBe(true)
    expect(await verifyJwsSignature('EdDSA', jwk, protectedB64, `${payloadB64}x`, signature, options)).toBe(
      false,
    )
  })

  it('refuses a small-order client key, under which OpenSSL accepts a forged signature of any payload', async () => {
    const identity = Buffer.alloc(32)
    identity[0] = 1
    const forged = Buffer.alloc(64)
    forged[0] = 1
    const jwk: JWK = { kty: 'OKP', crv: 'Ed25519', x: identity.toString('base64url') }
    expect(
      await verifyJwsSignature('EdDSA', jwk, protectedB64, payloadB64, forged.toString('base64url'), options),
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
      expect(await verifyJwsSignature('EdDSA', jwk, protectedB64, payloadB64, signature, options)).toBe(false)
    }
  })
})

describe.each([false, true])(
  'verifyJwsSignature with ES256, ES256K and RS256 (on this thread: %s)',
  (onThisThread) => {
    const cases = [
      { alg: 'ES256', pair: () => generateKeyPairSync('ec', { namedCurve: 'P-256' }), dsa: true },
      { alg: 'ES256K', pair: () => generateKeyPairSync('ec', { namedCurve: 'secp256k1' }), dsa: true },
      { alg: 'RS256', pair: () => generateKeyPairSync('rsa', { modulusLength: 2048 }), dsa: false },
    ] as const
    it.each(cases)('$alg: accepts a signature by the key and refuses one of another payload', async (c) => {
      const { privateKey, publicKey } = c.pair()
      const jwk = { ...(publicKey.export({ format: 'jwk' }) as JWK), alg: c.alg }
      let signature = sign(
        'sha256',
        signingInput,
        c.dsa ? { key: privateKey, dsaEncoding: 'ieee-p1363' } : privateKey,
      )
      if (c.alg === 'ES256K') {
        // Low S, as ES256K requires: s and n − s verify alike, only the low one is accepted.
        const n = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n
        const s = BigInt(`0x${signature.subarray(32).toString('hex')}`)
        const low = s > n / 2n ? n - s : s
        signature = Buffer.concat([
          signature.subarray(0, 32),
          Buffer.from(low.toString(16).padStart(64, '0'), 'hex'),
        ])
      }
      const b64 = signature.toString('base64url')
      const options = { onThisThread }
      expect(await verifyJwsSignature(c.alg, jwk, protectedB64, payloadB64, b64, options)).toBe(true)
      expect(await verifyJwsSignature(c.alg, jwk, protectedB64, `${payloadB64}x`, b64, options)).toBe(false)
    })
  },
)
