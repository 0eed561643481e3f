import { generateKeyPairSync } from 'node:crypto'
import { cose, isoCBOR } from '@simplewebauthn/server/helpers'
import { describe, expect, it } from 'vitest'
import { coseToJwk, jwkToCose } from './passkeyKeys'

const publicJwk = (type: 'ec' | 'ed25519') =>
  (type === 'ec'
    ? generateKeyPairSync('ec', { namedCurve: 'P-256' })
    : generateKeyPairSync('ed25519')
  ).publicKey.export({ format: 'jwk' }) as Record<string, string>

describe('passkey keys between COSE and JWK', () => {
  it('turns a P-256 (ES256) and an Ed25519 (EdDSA) key into the JWK the entities hold, and back', () => {
    for (const type of ['ec', 'ed25519'] as const) {
      const jwk = publicJwk(type)
      const encoded = jwkToCose(jwk)!
      const back = coseToJwk(encoded as Uint8Array<ArrayBuffer>)
      expect(back).toEqual({
        ...(type === 'ec'
          ? { kty: 'EC', crv: 'P-256', alg: 'ES256', y: jwk.y }
          : { kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA' }),
        x: jwk.x,
      })
    }
  })

  it('refuses keys a passkey credential may not hold, and bytes that are no COSE key', () => {
    const rsa = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [cose.COSEKEYS.kty, cose.COSEKTY.RSA],
        [cose.COSEKEYS.alg, cose.COSEALG.RS256],
        [cose.COSEKEYS.n, new Uint8Array(256).fill(1)],
        [cose.COSEKEYS.e, new Uint8Array([1, 0, 1])],
      ]) as never,
    )
    expect(coseToJwk(rsa as Uint8Array<ArrayBuffer>)).toMatch(/other than ES256/)
    expect(coseToJwk(new Uint8Array([1, 2, 3]))).toMatch(/not a COSE key/)
    expect(jwkToCose({ kty: 'EC', crv: 'secp256k1', x: 'AA', y: 'AA' })).toBeUndefined()
  })
})
