import { createPrivateKey, createPublicKey, type JsonWebKey, type KeyObject, sign, verify } from 'node:crypto'

/**
 * The algorithms an entities credential signs with, an approval or a gateway request alike (the gateway takes this
 * table): asymmetric, never `none` or HMAC.
 */
export const APPROVAL_ALGORITHMS = ['EdDSA', 'ES256', 'ES256K', 'RS256'] as const
export type ApprovalAlgorithm = (typeof APPROVAL_ALGORITHMS)[number]

export const isApprovalAlgorithm = (alg: unknown): alg is ApprovalAlgorithm =>
  typeof alg === 'string' && (APPROVAL_ALGORITHMS as readonly string[]).includes(alg)

type Jwk = Record<string, unknown>

/** Whether a JWK's type and curve can carry `alg` (a P-256 key cannot sign ES256K, and so on). */
export function keyFits(jwk: Jwk, alg: ApprovalAlgorithm): boolean {
  switch (alg) {
    case 'EdDSA':
      return jwk.kty === 'OKP' && jwk.crv === 'Ed25519'
    case 'ES256':
      return jwk.kty === 'EC' && jwk.crv === 'P-256'
    case 'ES256K':
      return jwk.kty === 'EC' && jwk.crv === 'secp256k1'
    case 'RS256':
      return jwk.kty === 'RSA'
  }
}

// secp256k1 group order: an ES256K signature must be low-S, so that it cannot be made malleable.
const SECP256K1_N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n
const digestOf = (alg: ApprovalAlgorithm) => (alg === 'EdDSA' ? null : 'sha256')
const ecdsa = (alg: ApprovalAlgorithm) => alg === 'ES256' || alg === 'ES256K'
const sBigInt = (signature: Uint8Array) => BigInt(`0x${Buffer.from(signature.subarray(32)).toString('hex')}`)

/** The public members only: a credential's JWK must not carry a private part, and none is used if it does. */
function publicKeyOf(jwk: Jwk): KeyObject {
  const { kty, crv, x, y, n, e } = jwk
  return createPublicKey({ key: { kty, crv, x, y, n, e } as JsonWebKey, format: 'jwk' })
}

/**
 * Verifies a raw JWS signature (r‖s for ECDSA) over `input` with a credential's public JWK, with node:crypto, which
 * covers secp256k1 (jose 6 does not). False for any failure: a key that does not fit or cannot be imported, a
 * high-S ES256K signature, an RSA key under 2048 bits.
 */
export function verifySignature(alg: ApprovalAlgorithm, jwk: Jwk, input: Uint8Array, signature: Uint8Array) {
  if (!keyFits(jwk, alg)) return false
  try {
    if (ecdsa(alg) && signature.length !== 64) return false
    if (alg === 'ES256K' && sBigInt(signature) > SECP256K1_N / 2n) return false
    const key = publicKeyOf(jwk)
    if (alg === 'RS256' && (key.asymmetricKeyDetails?.modulusLength ?? 0) < 2048) return false
    return verify(digestOf(alg), input, ecdsa(alg) ? { key, dsaEncoding: 'ieee-p1363' } : key, signature)
  } catch {
    return false
  }
}

/** Signs `input` with a private JWK as a JWS signature would be (ES256K normalized to low S). */
export function signWithJwk(alg: ApprovalAlgorithm, privateJwk: Jwk, input: Uint8Array): Uint8Array {
  const key = createPrivateKey({ key: privateJwk as JsonWebKey, format: 'jwk' })
  const signature = sign(digestOf(alg), input, ecdsa(alg) ? { key, dsaEncoding: 'ieee-p1363' } : key)
  if (alg !== 'ES256K') return signature
  const s = sBigInt(signature)
  if (s <= SECP256K1_N / 2n) return signature
  const low = Buffer.alloc(64)
  signature.copy(low, 0, 0, 32)
  Buffer.from((SECP256K1_N - s).toString(16).padStart(64, '0'), 'hex').copy(low, 32)
  return low
}

/**
 * Verifies a WebAuthn assertion signature over `signed` (authenticatorData ‖ SHA-256(clientDataJSON)) with a
 * passkey's public JWK: ES256 with a DER signature for P-256, EdDSA for Ed25519, as authenticators make them.
 * False for any other key or any failure.
 */
export function verifyWebAuthnSignature(jwk: Jwk, signed: Uint8Array, signature: Uint8Array): boolean {
  try {
    if (keyFits(jwk, 'ES256'))
      return verify('sha256', signed, { key: publicKeyOf(jwk), dsaEncoding: 'der' }, signature)
    if (keyFits(jwk, 'EdDSA')) return verify(null, signed, publicKeyOf(jwk), signature)
    return false
  } catch {
    return false
  }
}
