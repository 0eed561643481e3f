import { secp256k1 } from '@noble/curves/secp256k1.js'
import { flattenedVerify, importJWK, type JWK } from 'jose'

/** The only algorithms a request may be signed with: asymmetric, and never `none` or HMAC. */
export const allowedJwsAlgorithms = ['ES256K', 'ES256', 'EdDSA', 'RS256'] as const
export type JwsAlgorithm = (typeof allowedJwsAlgorithms)[number]

export function isAllowedJwsAlgorithm(alg: unknown): alg is JwsAlgorithm {
  return typeof alg === 'string' && (allowedJwsAlgorithms as readonly string[]).includes(alg)
}

/** Whether a JWK's type and curve can carry `alg` (a P-256 key cannot sign ES256K, and so on). */
export function keyFitsAlgorithm(jwk: JWK, alg: JwsAlgorithm): boolean {
  switch (alg) {
    case 'ES256K':
      return jwk.kty === 'EC' && jwk.crv === 'secp256k1'
    case 'ES256':
      return jwk.kty === 'EC' && jwk.crv === 'P-256'
    case 'EdDSA':
      return jwk.kty === 'OKP' && jwk.crv === 'Ed25519'
    case 'RS256':
      return jwk.kty === 'RSA'
  }
}

function uncompressedSecp256k1(jwk: JWK): Uint8Array {
  const x = Buffer.from(jwk.x ?? '', 'base64url')
  const y = Buffer.from(jwk.y ?? '', 'base64url')
  if (x.length !== 32 || y.length !== 32) throw new Error('secp256k1 JWK coordinates must be 32 bytes')
  return Uint8Array.from([4, ...x, ...y])
}

// Importing a JWK costs more than verifying with it; clients reuse a handful of keys, so keep them imported.
const importedKeys = new Map<string, Promise<Awaited<ReturnType<typeof importJWK>>>>()
const maxImportedKeys = 1000

function importedKey(jwk: JWK, alg: JwsAlgorithm) {
  const id = `${alg}:${jwk.kty}:${jwk.crv ?? ''}:${jwk.x ?? ''}:${jwk.y ?? ''}:${jwk.n ?? ''}:${jwk.e ?? ''}`
  let key = importedKeys.get(id)
  if (!key) {
    if (importedKeys.size >= maxImportedKeys) importedKeys.delete(importedKeys.keys().next().value as string)
    key = importJWK({ ...jwk, alg }, alg)
    importedKeys.set(id, key)
    key.catch(() => importedKeys.delete(id))
  }
  return key
}

/**
 * Verifies a JWS signature over `protectedB64.payloadB64`. ES256K goes through @noble/curves (low-S only, so a
 * signature cannot be made malleable); the others through jose. Returns false for any failure, including a
 * key that cannot be imported.
 */
export async function verifyJwsSignature(
  alg: JwsAlgorithm,
  jwk: JWK,
  protectedB64: string,
  payloadB64: string,
  signatureB64: string,
): Promise<boolean> {
  if (!keyFitsAlgorithm(jwk, alg)) return false
  try {
    if (alg === 'ES256K') {
      const signature = Buffer.from(signatureB64, 'base64url')
      if (signature.length !== 64) return false
      const message = Buffer.from(`${protectedB64}.${payloadB64}`, 'ascii')
      return secp256k1.verify(signature, message, uncompressedSecp256k1(jwk), { prehash: true, lowS: true })
    }
    const key = await importedKey(jwk, alg)
    await flattenedVerify({ protected: protectedB64, payload: payloadB64, signature: signatureB64 }, key, {
      algorithms: [alg],
    })
    return true
  } catch {
    return false
  }
}
