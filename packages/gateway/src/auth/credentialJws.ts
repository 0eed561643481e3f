import { secp256k1 } from '@noble/curves/secp256k1.js'
import { CompactSign, importJWK, type JWK } from 'jose'
import { isAllowedJwsAlgorithm, type JwsAlgorithm, verifyJwsSignature } from '../core/crypto/jwsAlgorithms'

/** A credential of the entities: a user's public key, named by its `id` or by its key's `kid`. */
export type EntityCredential = { id: string; userId: string; key: Record<string, unknown> }

/**
 * Signs a compact JWS with a user's credential key (its `kid` names the credential in the entities): ES256K
 * through @noble/curves (low S), the other algorithms through jose.
 */
export async function signCredentialJws(privateJwk: JWK, typ: string, payload: object): Promise<string> {
  const alg = privateJwk.alg
  if (!isAllowedJwsAlgorithm(alg) || !privateJwk.kid)
    throw new Error('The credential key needs a kid and an alg')
  const header = { alg, kid: privateJwk.kid, typ }
  const payloadBytes = new TextEncoder().encode(JSON.stringify(payload))
  if (alg === 'ES256K') {
    const signingInput = `${Buffer.from(JSON.stringify(header)).toString('base64url')}.${Buffer.from(payloadBytes).toString('base64url')}`
    const signature = secp256k1.sign(
      Buffer.from(signingInput, 'ascii'),
      Buffer.from(privateJwk.d ?? '', 'base64url'),
      { prehash: true },
    )
    return `${signingInput}.${Buffer.from(signature).toString('base64url')}`
  }
  return new CompactSign(payloadBytes).setProtectedHeader(header).sign(await importJWK(privateJwk, alg))
}

function decodeSegment(segment: string): Record<string, unknown> | undefined {
  try {
    const value = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'))
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? value : undefined
  } catch {
    return undefined
  }
}

/** Why a credential JWS was refused, in words for the person or program that made it. */
export class CredentialJwsError extends Error {}

/**
 * Verifies a compact JWS of this `typ` made with one of `credentials` (the one its `kid` names) and returns the
 * credential and the payload; throws {@link CredentialJwsError} otherwise. What the payload must say is the
 * caller's to check.
 */
export async function verifyCredentialJws(
  jws: string,
  credentials: readonly EntityCredential[],
  typ: string,
  /** Whose credentials these are, for the message when the key is none of them. */
  owner = 'the organization',
): Promise<{ credential: EntityCredential; payload: Record<string, unknown> }> {
  const fail = (message: string): never => {
    throw new CredentialJwsError(message)
  }
  if (jws.length > 16_384) fail('is too long')
  const parts = jws.split('.')
  if (parts.length !== 3) fail('is not a compact JWS')
  const [protectedB64, payloadB64, signatureB64] = parts as [string, string, string]
  const header = decodeSegment(protectedB64) ?? fail('is not a JWS')
  if (header.typ !== typ) fail(`must have typ ${typ}`)
  if (!isAllowedJwsAlgorithm(header.alg)) fail('uses an algorithm that is not accepted')
  const kid = typeof header.kid === 'string' ? header.kid : fail('names no kid')
  const credential =
    credentials.find((candidate) => candidate.key.kid === kid || candidate.id === kid) ??
    fail(`is signed with a key that is no credential of ${owner}`)
  // A passkey signs WebAuthn assertions on the gateway's pages, with user verification; a JWS never stands for it.
  if ((credential as { webauthn?: unknown }).webauthn !== undefined)
    fail('is signed with a passkey credential, which approves only by WebAuthn on the gateway pages')
  const valid = await verifyJwsSignature(
    header.alg as JwsAlgorithm,
    credential.key as JWK,
    protectedB64,
    payloadB64,
    signatureB64,
  )
  if (!valid) fail('has a signature that does not verify')
  return { credential, payload: decodeSegment(payloadB64) ?? fail('is not a JWS') }
}
