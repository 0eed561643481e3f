import { ed25519 } from '@noble/curves/ed25519.js'
import { p256, p384, p521 } from '@noble/curves/nist.js'
import { secp256k1 } from '@noble/curves/secp256k1.js'
import { ENTITY_ISSUE_CODES as CODES } from './issue'

/** Something that keeps a JWK from being a usable public key. `member` names the JWK member at fault. */
export interface JwkProblem {
  code: string
  member?: string
  message: string
}

/** A short Weierstrass curve y² = x³ + ax + b over the integers modulo the prime p, with its cofactor h. */
type WeierstrassCurve = { p: bigint; a: bigint; b: bigint; h: bigint }
type EcCurve = { alg: string; bytes: number } & WeierstrassCurve

/** A curve's parameters as @noble/curves defines them, so none is typed in by hand here. */
const ec = (alg: string, bytes: number, point: { CURVE(): WeierstrassCurve }): EcCurve => {
  const { p, a, b, h } = point.CURVE()
  return { alg, bytes, p, a, b, h }
}

/** The elliptic curves a credential may use, with the one JWS algorithm that fits each (RFC 7518, RFC 8812). */
const EC_CURVES: Record<string, EcCurve> = {
  secp256k1: ec('ES256K', 32, secp256k1.Point),
  'P-256': ec('ES256', 32, p256.Point),
  'P-384': ec('ES384', 48, p384.Point),
  'P-521': ec('ES512', 66, p521.Point),
}

/**
 * Whether (x, y) is a point of the curve's group: both coordinates are field elements (below p) and satisfy the
 * curve's equation. With cofactor 1, as on all four curves, every point of the curve is in the group of prime
 * order, and (0, 0), which a point at infinity might be written as, satisfies no equation with b ≠ 0. Computed
 * on native bigints: @noble/curves's point validation did the same with a field object and memoization, four
 * times the cost, and a document may hold tens of thousands of keys.
 */
function isCurvePoint(curve: WeierstrassCurve, x: bigint, y: bigint): boolean {
  const { p, a, b } = curve
  if (curve.h !== 1n || x >= p || y >= p) return false
  // One reduction, of the whole difference: cheaper than reducing x² first (6.4 against 7.6 ms for 10,000 keys).
  return (y * y - (x * x + a) * x - b) % p === 0n
}
const RSA_ALGS = new Set(['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512'])
const RSA_MIN_BITS = 2048
/** Members that only a private key has. */
const PRIVATE_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth', 'k']
/** Names that would reach Object.prototype if a consumer copied the JWK into a plain object. */
const FORBIDDEN_MEMBERS = ['__proto__', 'constructor', 'prototype']
const BASE64URL = /^[A-Za-z0-9_-]*$/

function decodeBase64Url(value: unknown): Buffer | undefined {
  if (typeof value !== 'string' || value === '' || !BASE64URL.test(value) || value.length % 4 === 1) return
  return Buffer.from(value, 'base64url')
}

/** A big-endian integer from its digits in hex, as decoded bytes' `toString('hex')` gives them. */
function hexToBigInt(hex: string): bigint {
  return hex === '' ? 0n : BigInt(`0x${hex}`)
}

/** A point of an EC key, as the credential check compares keys: by curve and coordinates. */
export interface EcPoint {
  crv: string
  x: bigint
  y: bigint
}

/**
 * What identifies a usable key: an EC key by its point, any other by its fingerprint (see keyFingerprint). Keeping
 * the point as bigints spares a key the hex text of its coordinates, which a document of ten thousand keys would
 * build, hash and collect only to compare.
 */
export type KeyIdentity = EcPoint | string

/** The fingerprint of an EC key (see keyFingerprint): its curve and its coordinates' bytes in hex. */
export const ecFingerprint = (crv: unknown, xHex: string, yHex: string) => `EC ${crv} ${xHex} ${yHex}`

/** The fingerprint keyFingerprint gives the key with this identity. */
export function fingerprintOf(identity: KeyIdentity): string {
  if (typeof identity === 'string') return identity
  const digits = (EC_CURVES[identity.crv]?.bytes ?? 0) * 2
  const hex = (value: bigint) => value.toString(16).padStart(digits, '0')
  return ecFingerprint(identity.crv, hex(identity.x), hex(identity.y))
}

/** A coordinate's bytes, or undefined after reporting that they are not a coordinate of the curve. */
function coordinate(
  jwk: Record<string, unknown>,
  member: 'x' | 'y',
  curve: EcCurve,
  problems: JwkProblem[],
): Buffer | undefined {
  const bytes = decodeBase64Url(jwk[member])
  if (bytes?.length === curve.bytes) return bytes
  problems.push({
    code: CODES.jwkInvalidCoordinates,
    member,
    message: `${member} must be the base64url encoding of ${curve.bytes} bytes for curve ${jwk.crv}`,
  })
  return undefined
}

function checkEc(jwk: Record<string, unknown>, problems: JwkProblem[]): EcPoint | undefined {
  const crv = jwk.crv
  const curve = typeof crv === 'string' && Object.hasOwn(EC_CURVES, crv) ? EC_CURVES[crv] : undefined
  if (!curve) {
    problems.push({
      code: CODES.jwkUnsupportedCurve,
      member: 'crv',
      message: `EC key curve must be one of ${Object.keys(EC_CURVES).join(', ')}, got ${JSON.stringify(crv)}`,
    })
    return
  }
  if (jwk.alg !== undefined && jwk.alg !== curve.alg) {
    problems.push({
      code: CODES.jwkAlgMismatch,
      member: 'alg',
      message: `alg ${JSON.stringify(jwk.alg)} does not fit curve ${crv}; use ${curve.alg}`,
    })
  }
  const xBytes = coordinate(jwk, 'x', curve, problems)
  const yBytes = coordinate(jwk, 'y', curve, problems)
  if (!xBytes || !yBytes) return
  const x = hexToBigInt(xBytes.toString('hex'))
  const y = hexToBigInt(yBytes.toString('hex'))
  if (!isCurvePoint(curve, x, y)) {
    problems.push({
      code: CODES.jwkPointNotOnCurve,
      member: 'x',
      message: `(x, y) is not a point on curve ${crv}`,
    })
    return
  }
  return { crv: crv as string, x, y }
}

function checkOkp(jwk: Record<string, unknown>, problems: JwkProblem[]): string | undefined {
  if (jwk.crv !== 'Ed25519') {
    problems.push({
      code: CODES.jwkUnsupportedCurve,
      member: 'crv',
      message: `OKP key curve must be Ed25519, got ${JSON.stringify(jwk.crv)}`,
    })
    return
  }
  if (jwk.alg !== undefined && jwk.alg !== 'EdDSA' && jwk.alg !== 'Ed25519') {
    problems.push({
      code: CODES.jwkAlgMismatch,
      member: 'alg',
      message: `alg ${JSON.stringify(jwk.alg)} does not fit curve Ed25519; use EdDSA`,
    })
  }
  const x = decodeBase64Url(jwk.x)
  if (x?.length !== 32) {
    problems.push({
      code: CODES.jwkInvalidCoordinates,
      member: 'x',
      message: 'x must be the base64url encoding of 32 bytes for curve Ed25519',
    })
    return
  }
  let point: ReturnType<typeof ed25519.Point.fromBytes>
  try {
    point = ed25519.Point.fromBytes(x)
    point.assertValidity()
  } catch {
    problems.push({
      code: CODES.jwkPointNotOnCurve,
      member: 'x',
      message: 'x is not a point on curve Ed25519',
    })
    return
  }
  // Against a point of small order, a signature with R the identity and s zero verifies for one message in
  // eight or better, in verifiers (OpenSSL's among them) that do not refuse such keys themselves.
  if (point.isSmallOrder()) {
    problems.push({
      code: CODES.jwkWeakKey,
      member: 'x',
      message: 'x is an Ed25519 point of small order, for which anyone can make signatures that verify',
    })
    return
  }
  return `OKP Ed25519 ${x.toString('hex')}`
}

function checkRsa(jwk: Record<string, unknown>, problems: JwkProblem[]): string | undefined {
  if (jwk.alg !== undefined && !RSA_ALGS.has(jwk.alg as string)) {
    problems.push({
      code: CODES.jwkAlgMismatch,
      member: 'alg',
      message: `alg ${JSON.stringify(jwk.alg)} does not fit an RSA key; use one of ${[...RSA_ALGS].join(', ')}`,
    })
  }
  const n = decodeBase64Url(jwk.n)
  const e = decodeBase64Url(jwk.e)
  if (!n || !e) {
    problems.push({
      code: CODES.jwkInvalidCoordinates,
      member: n ? 'e' : 'n',
      message: 'an RSA key needs its modulus n and exponent e, base64url-encoded',
    })
    return
  }
  const bits = n.length * 8 - Math.clz32(n[0] ?? 0) + 24
  if (bits < RSA_MIN_BITS) {
    problems.push({
      code: CODES.jwkWeakKey,
      member: 'n',
      message: `RSA modulus is ${bits} bits; at least ${RSA_MIN_BITS} are required`,
    })
  }
  // With e = 1 a signature is the padded message itself, which anyone can write; an even e is no RSA key.
  const nHex = n.toString('hex').replace(/^(00)+/, '')
  const eHex = e.toString('hex').replace(/^(00)+/, '')
  const exponent = hexToBigInt(eHex)
  if (exponent < 3n || exponent % 2n === 0n) {
    problems.push({
      code: CODES.jwkWeakKey,
      member: 'e',
      // Not the value of an even exponent: it may be as long as the document allows.
      message: `RSA exponent is ${exponent < 3n ? exponent : 'even'}; it must be odd and at least 3`,
    })
  }
  return `RSA ${nHex} ${eHex}`
}

/**
 * Checks that a JWK can serve as a user's public key: a supported key type, a curve and algorithm that fit
 * each other, coordinates that are a point on the curve, and no private-key material.
 */
export function checkPublicJwk(jwk: Record<string, unknown>): JwkProblem[] {
  return inspectPublicJwk(jwk).problems
}

/**
 * checkPublicJwk's problems, and, for a usable key, what identifies it, made from the bytes the checks decoded: the
 * credential check needs both, and decoding every key twice cost a tenth of its time.
 */
export function inspectPublicJwk(jwk: Record<string, unknown>): {
  problems: JwkProblem[]
  identity: KeyIdentity | undefined
} {
  const problems: JwkProblem[] = []
  for (const member of FORBIDDEN_MEMBERS) {
    if (Object.hasOwn(jwk, member)) {
      problems.push({
        code: CODES.jwkForbiddenMember,
        member,
        message: `member name "${member}" is not allowed in a key`,
      })
    }
  }
  const secret = PRIVATE_MEMBERS.find((member) => Object.hasOwn(jwk, member))
  if (secret) {
    problems.push({
      code: CODES.jwkPrivateKey,
      member: secret,
      message: `a credential must hold only a public key, but member "${secret}" is private-key material`,
    })
  }
  if (jwk.use !== undefined && jwk.use !== 'sig') {
    problems.push({
      code: CODES.jwkInvalidUse,
      member: 'use',
      message: `a credential key authenticates by signing, so use must be "sig", got ${JSON.stringify(jwk.use)}`,
    })
  }
  let identity: KeyIdentity | undefined
  switch (jwk.kty) {
    case 'EC':
      identity = checkEc(jwk, problems)
      break
    case 'OKP':
      identity = checkOkp(jwk, problems)
      break
    case 'RSA':
      identity = checkRsa(jwk, problems)
      break
    default:
      problems.push({
        code: CODES.jwkUnsupportedKty,
        member: 'kty',
        message: `kty must be EC, OKP or RSA, got ${JSON.stringify(jwk.kty)}`,
      })
  }
  return { problems, identity: problems.length === 0 ? identity : undefined }
}
