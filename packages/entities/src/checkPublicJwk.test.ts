import { generateKeyPairSync, type KeyObject } from 'node:crypto'
import { secp256k1 } from '@noble/curves/secp256k1.js'
import { describe, expect, it } from 'vitest'
import { checkPublicJwk, fingerprintOf, inspectPublicJwk } from './checkPublicJwk'
import { keyFingerprint } from './checks/checkCredentials'

function publicJwk(
  type: 'ec' | 'ed25519' | 'rsa',
  options: Record<string, unknown> = {},
): Record<string, unknown> {
  // Node's overloads do not accept a union of key types, so pick the KeyObject overload by hand.
  const generate = generateKeyPairSync as (type: string, options: object) => { publicKey: KeyObject }
  return generate(type, options).publicKey.export({ format: 'jwk' }) as Record<string, unknown>
}

const codes = (jwk: Record<string, unknown>) =>
  checkPublicJwk(jwk).map(({ code, member }) => `${code} ${member}`)

describe('checkPublicJwk', () => {
  it('accepts real public keys on every supported curve, with or without alg', () => {
    const curves = [
      ['secp256k1', 'ES256K'],
      ['prime256v1', 'ES256'],
      ['secp384r1', 'ES384'],
      ['secp521r1', 'ES512'],
    ]
    for (const [namedCurve, alg] of curves) {
      const jwk = publicJwk('ec', { namedCurve })
      expect(checkPublicJwk(jwk)).toEqual([])
      expect(checkPublicJwk({ ...jwk, alg, use: 'sig' })).toEqual([])
    }
    expect(checkPublicJwk({ ...publicJwk('ed25519'), alg: 'EdDSA' })).toEqual([])
    expect(checkPublicJwk({ ...publicJwk('rsa', { modulusLength: 2048 }), alg: 'PS256' })).toEqual([])
  })

  it('rejects algorithms that do not fit the curve or key type', () => {
    const k1 = publicJwk('ec', { namedCurve: 'secp256k1' })
    expect(codes({ ...k1, alg: 'ES256' })).toEqual(['jwk.alg-mismatch alg'])
    expect(codes({ ...k1, alg: 'RS256' })).toEqual(['jwk.alg-mismatch alg'])
    expect(codes({ ...publicJwk('ed25519'), alg: 'ES256K' })).toEqual(['jwk.alg-mismatch alg'])
    expect(codes({ ...publicJwk('rsa', { modulusLength: 2048 }), alg: 'ES256' })).toEqual([
      'jwk.alg-mismatch alg',
    ])
  })

  it('rejects curves that do not fit the key type', () => {
    const ed = publicJwk('ed25519')
    expect(codes({ ...ed, kty: 'EC' })).toEqual(['jwk.unsupported-curve crv'])
    expect(codes({ ...publicJwk('ec', { namedCurve: 'prime256v1' }), kty: 'OKP' })).toEqual([
      'jwk.unsupported-curve crv',
    ])
    expect(codes({ kty: 'OKP', crv: 'X25519', x: ed.x })).toEqual(['jwk.unsupported-curve crv'])
  })

  it('rejects points that are not on the curve', () => {
    const p256 = publicJwk('ec', { namedCurve: 'prime256v1' })
    const y = Buffer.from(p256.y as string, 'base64url')
    y[31]! ^= 1
    expect(codes({ ...p256, y: y.toString('base64url') })).toEqual(['jwk.point-not-on-curve x'])
    // A P-256 point is (almost surely) not on secp256k1, though the coordinates have the right size.
    expect(codes({ ...p256, crv: 'secp256k1' })).toEqual(['jwk.point-not-on-curve x'])
    const zero = Buffer.alloc(32).toString('base64url')
    expect(codes({ kty: 'EC', crv: 'secp256k1', x: zero, y: zero })).toEqual(['jwk.point-not-on-curve x'])
    // A coordinate past the field's prime that satisfies the equation modulo it is no encoding of the point.
    const small = smallSecp256k1Point()
    const base64 = (n: bigint) => Buffer.from(n.toString(16).padStart(64, '0'), 'hex').toString('base64url')
    expect(codes({ kty: 'EC', crv: 'secp256k1', x: base64(small.x), y: base64(small.y) })).toEqual([])
    expect(codes({ kty: 'EC', crv: 'secp256k1', x: base64(small.x + small.p), y: base64(small.y) })).toEqual([
      'jwk.point-not-on-curve x',
    ])
    // 2^255 - 1 is not the encoding of any Ed25519 point.
    const notEd = Buffer.alloc(32, 0xff)
    notEd[31] = 0x7f
    expect(codes({ kty: 'OKP', crv: 'Ed25519', x: notEd.toString('base64url') })).toEqual([
      'jwk.point-not-on-curve x',
    ])
  })

  it('rejects the Ed25519 points of small order, for which anyone can make signatures that verify', () => {
    const smallOrder = [
      Buffer.alloc(32), // y = 0, of order 4
      Buffer.from('c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a', 'hex'), // of order 8
      Buffer.from('ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f', 'hex'), // y = -1, of order 2
    ]
    for (const x of smallOrder) {
      expect(codes({ kty: 'OKP', crv: 'Ed25519', x: x.toString('base64url') })).toEqual(['jwk.weak-key x'])
    }
  })

  it('rejects RSA exponents that are even or below 3 (with e = 1 the signature is the padded message itself)', () => {
    const rsa = publicJwk('rsa', { modulusLength: 2048 })
    expect(codes(rsa)).toEqual([])
    expect(codes({ ...rsa, e: 'Aw' })).toEqual([])
    for (const e of ['AQ', 'AA', 'Ag', 'AAE', 'AQAA']) {
      expect(codes({ ...rsa, e })).toEqual(['jwk.weak-key e'])
    }
  })

  it('rejects coordinates that are missing, malformed or of the wrong size', () => {
    const k1 = publicJwk('ec', { namedCurve: 'secp256k1' })
    expect(codes({ ...k1, x: undefined })).toEqual(['jwk.invalid-coordinates x'])
    expect(codes({ ...k1, y: `${(k1.y as string).slice(0, -2)}+/` })).toEqual(['jwk.invalid-coordinates y'])
    expect(codes({ ...k1, x: 42 })).toEqual(['jwk.invalid-coordinates x'])
    const p384 = publicJwk('ec', { namedCurve: 'secp384r1' })
    expect(codes({ ...p384, crv: 'P-256' })).toEqual([
      'jwk.invalid-coordinates x',
      'jwk.invalid-coordinates y',
    ])
    expect(codes({ kty: 'RSA', e: 'AQAB' })).toEqual(['jwk.invalid-coordinates n'])
  })

  it('rejects private keys, weak RSA keys, unknown types and keys not meant for signatures', () => {
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'secp256k1' })
    expect(codes(privateKey.export({ format: 'jwk' }) as Record<string, unknown>)).toEqual([
      'jwk.private-key d',
    ])
    expect(codes(publicJwk('rsa', { modulusLength: 1024 }))).toEqual(['jwk.weak-key n'])
    expect(codes({ kty: 'oct', k: 'c2VjcmV0' })).toEqual(['jwk.private-key k', 'jwk.unsupported-kty kty'])
    expect(codes({ kid: 'no-type' })).toEqual(['jwk.unsupported-kty kty'])
    expect(codes({ ...publicJwk('ed25519'), use: 'enc' })).toEqual(['jwk.invalid-use use'])
  })

  it('rejects member names that would reach Object.prototype, without being affected by them', () => {
    const jwk = JSON.parse(
      `{"__proto__": {"kty": "EC"}, "constructor": 1, ${JSON.stringify(publicJwk('ed25519')).slice(1)}`,
    )
    expect(codes(jwk)).toEqual(['jwk.forbidden-member __proto__', 'jwk.forbidden-member constructor'])
    expect(({} as Record<string, unknown>).kty).toBeUndefined()
  })
})

describe('inspectPublicJwk', () => {
  it('identifies a usable key as keyFingerprint does, from the bytes it decoded once', () => {
    const k1 = publicJwk('ec', { namedCurve: 'secp256k1' })
    const rsa = publicJwk('rsa', { modulusLength: 2048 })
    const curves = ['secp256k1', 'prime256v1', 'secp384r1', 'secp521r1']
    // A few keys per curve, so coordinates with leading zero bytes (one in 256) are likely among them.
    const ecKeys = curves.flatMap((namedCurve) =>
      Array.from({ length: 8 }, () => publicJwk('ec', { namedCurve })),
    )
    for (const jwk of [...ecKeys, publicJwk('ed25519'), rsa]) {
      const { problems, identity } = inspectPublicJwk(jwk)
      expect(problems).toEqual([])
      expect(identity && fingerprintOf(identity)).toBe(keyFingerprint(jwk))
    }
    // An EC key is identified by its point, as numbers.
    const point = inspectPublicJwk(k1).identity
    expect(point).toEqual({
      crv: 'secp256k1',
      x: BigInt(`0x${Buffer.from(String(k1.x), 'base64url').toString('hex')}`),
      y: BigInt(`0x${Buffer.from(String(k1.y), 'base64url').toString('hex')}`),
    })
    // A leading zero byte does not change an RSA modulus, nor so its fingerprint.
    const padded = {
      ...rsa,
      n: Buffer.concat([Buffer.of(0), Buffer.from(String(rsa.n), 'base64url')]).toString('base64url'),
    }
    expect(inspectPublicJwk(padded).identity).toBe(keyFingerprint(rsa))
  })

  it('gives no identity to a key with a problem', () => {
    const k1 = publicJwk('ec', { namedCurve: 'secp256k1' })
    expect(inspectPublicJwk({ ...k1, alg: 'ES256' }).identity).toBeUndefined()
    expect(inspectPublicJwk({ ...k1, y: k1.x }).identity).toBeUndefined()
  })
})

/** The secp256k1 point with the smallest x, so that x + p still fits in 32 bytes (p = 2^256 - 2^32 - 977). */
function smallSecp256k1Point(): { x: bigint; y: bigint; p: bigint } {
  const { p } = secp256k1.Point.CURVE()
  const power = (base: bigint, exponent: bigint) => {
    let result = 1n
    for (let b = base % p, e = exponent; e > 0n; e >>= 1n, b = (b * b) % p)
      if (e & 1n) result = (result * b) % p
    return result
  }
  for (let x = 1n; ; x++) {
    const right = (x * x * x + 7n) % p
    // p ≡ 3 (mod 4), so a square's root is its (p + 1) / 4-th power.
    const y = power(right, (p + 1n) / 4n)
    if ((y * y) % p === right) return { x, y, p }
  }
}
