import { createPublicKey, type JsonWebKey, type KeyObject, verify } from 'node:crypto'
// The credentials' algorithms and which key fits which are the library's (the same table judges policy approvals):
// a request is signed with one of them, never `none` or HMAC.
import { APPROVAL_ALGORITHMS, type ApprovalAlgorithm, isApprovalAlgorithm, keyFits } from '@rampart/evaluator'
import type { JWK } from 'jose'
import { ed25519Thread, verifyEd25519Here } from './ed25519Thread'

export const allowedJwsAlgorithms = APPROVAL_ALGORITHMS
export type JwsAlgorithm = ApprovalAlgorithm
export const isAllowedJwsAlgorithm = isApprovalAlgorithm
export const keyFitsAlgorithm: (jwk: JWK, alg: JwsAlgorithm) => boolean = keyFits

// secp256k1 group order: an ES256K signature must have s ≤ n/2 (low S), so it cannot be made malleable.
const secp256k1HalfOrder = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n / 2n

/** The node:crypto verification parameters per algorithm (raw r‖s signatures for the ECDSA ones). */
const verifyParameters: Record<
  Exclude<JwsAlgorithm, 'EdDSA'>,
  { digest: string; dsaEncoding?: 'ieee-p1363' }
> = {
  ES256K: { digest: 'sha256', dsaEncoding: 'ieee-p1363' },
  ES256: { digest: 'sha256', dsaEncoding: 'ieee-p1363' },
  RS256: { digest: 'sha256' },
}
const signatureLengths: Partial<Record<JwsAlgorithm, number>> = { ES256K: 64, ES256: 64, EdDSA: 64 }

// Importing a JWK costs more than verifying with it; clients reuse a handful of keys, so keep them imported.
const importedKeys = new Map<string, KeyObject>()
const maxImportedKeys = 1000

function importedKey(jwk: JWK, alg: JwsAlgorithm): KeyObject {
  const id = `${alg}:${jwk.kty}:${jwk.crv ?? ''}:${jwk.x ?? ''}:${jwk.y ?? ''}:${jwk.n ?? ''}:${jwk.e ?? ''}`
  let key = importedKeys.get(id)
  if (!key) {
    const { kty, crv, x, y, n, e } = jwk
    key = createPublicKey({ key: { kty, crv, x, y, n, e } as JsonWebKey, format: 'jwk' })
    // As jose does: RSA keys shorter than 2048 bits are refused.
    if (alg === 'RS256' && (key.asymmetricKeyDetails?.modulusLength ?? 0) < 2048) {
      throw new Error('RSA keys must be at least 2048 bits')
    }
    if (importedKeys.size >= maxImportedKeys) importedKeys.delete(importedKeys.keys().next().value as string)
    importedKeys.set(id, key)
  }
  return key
}

export type VerifyJwsOptions = {
  /**
   * Verify on the calling thread instead of handing the check to another: for a caller whose event loop has
   * nothing else to do meanwhile (one request in flight), where the other thread's round trip is pure latency.
   */
  onThisThread?: boolean
}

/**
 * Verifies a JWS signature over `protectedB64.payloadB64` with keys imported once (WebCrypto's path costs more
 * than the verification itself): Ed25519 with libsodium on its own thread, the others with node:crypto in libuv's
 * thread pool (or both on this thread, see {@link VerifyJwsOptions}).
 * ES256K signatures must be low-S. Returns false for any failure, including a key that cannot be imported.
 */
export async function verifyJwsSignature(
  alg: JwsAlgorithm,
  jwk: JWK,
  protectedB64: string,
  payloadB64: string,
  signatureB64: string,
  options: VerifyJwsOptions = {},
): Promise<boolean> {
  if (!keyFitsAlgorithm(jwk, alg)) return false
  try {
    const signature = Buffer.from(signatureB64, 'base64url')
    const length = signatureLengths[alg]
    if (length !== undefined && signature.length !== length) return false
    if (alg === 'ES256K' && BigInt(`0x${signature.subarray(32).toString('hex')}`) > secp256k1HalfOrder) {
      return false
    }
    const message = Buffer.from(`${protectedB64}.${payloadB64}`, 'ascii')
    // An Ed25519 key needs no import: libsodium takes its 32 bytes as they are (and checks them itself).
    if (alg === 'EdDSA') {
      const publicKey = Buffer.from(jwk.x as string, 'base64url')
      if (options.onThisThread) return verifyEd25519Here(publicKey, message, signature)
      return await ed25519Thread.verify(publicKey, message, signature)
    }
    const key = importedKey(jwk, alg)
    const { digest, dsaEncoding } = verifyParameters[alg]
    const keyInput = dsaEncoding ? { key, dsaEncoding } : key
    if (options.onThisThread) return verify(digest, message, keyInput, signature)
    return await verifyOffThread(digest, message, keyInput, signature)
  } catch {
    return false
  }
}

/**
 * Verifies in libuv's thread pool: an ECDSA or RSA check takes 25 to 350 µs of OpenSSL, during which the event
 * loop serves other requests (and a second core can work).
 */
function verifyOffThread(
  digest: string,
  message: Buffer,
  key: KeyObject | { key: KeyObject; dsaEncoding: 'ieee-p1363' },
  signature: Buffer,
): Promise<boolean> {
  return new Promise((resolve, reject) =>
    verify(digest, message, key, signature, (error, valid) => (error ? reject(error) : resolve(valid))),
  )
}
