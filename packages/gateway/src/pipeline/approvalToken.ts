import { secp256k1 } from '@noble/curves/secp256k1.js'
import { CompactSign, importJWK, type JWK } from 'jose'
import { isAllowedJwsAlgorithm, verifyJwsSignature } from '../auth/jwsAlgorithms'
import { ValidationError } from '../errors/gatewayError'

export const APPROVAL_TYPE = 'rampart-approval+jws'

/** What an approver signs: this client's request of this kind, by its id. Records never change once created. */
export type ApprovalPayload = { clientId: string; kind: string; requestId: string; iat: number }

/**
 * Signs an approval with an approver's credential key (its `kid` names the credential in the entities): a compact
 * JWS, `typ` rampart-approval+jws, ES256K through @noble/curves and the other algorithms through jose.
 */
export async function signApproval(
  privateJwk: JWK,
  approval: Omit<ApprovalPayload, 'iat'> & { iat?: number },
): Promise<string> {
  const alg = privateJwk.alg
  if (!isAllowedJwsAlgorithm(alg) || !privateJwk.kid)
    throw new Error('The approver key needs a kid and an alg')
  const header = { alg, kid: privateJwk.kid, typ: APPROVAL_TYPE }
  const payload: ApprovalPayload = { ...approval, iat: approval.iat ?? Math.floor(Date.now() / 1000) }
  const payloadBytes = new TextEncoder().encode(JSON.stringify(payload))
  if (alg === 'ES256K') {
    const signingInput = `${Buffer.from(JSON.stringify(header)).toString('base64url')}.${Buffer.from(payloadBytes).toString('base64url')}`
    const signature = secp256k1.sign(
      Buffer.from(signingInput, 'ascii'),
      Buffer.from(privateJwk.d ?? '', 'base64url'),
      {
        prehash: true,
      },
    )
    return `${signingInput}.${Buffer.from(signature).toString('base64url')}`
  }
  return new CompactSign(payloadBytes).setProtectedHeader(header).sign(await importJWK(privateJwk, alg))
}

type Credential = { id: string; userId: string; key: Record<string, unknown> }

const invalid = (message: string, path = '/approval'): never => {
  throw new ValidationError('The approval is invalid', [{ path, message }], 'APPROVAL_INVALID')
}

function decodeSegment(segment: string): Record<string, unknown> {
  try {
    const value = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'))
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return invalid('is not a JWS')
    return value as Record<string, unknown>
  } catch {
    return invalid('is not a JWS')
  }
}

/** When an approval may have been made, in seconds since the epoch. */
export type ApprovalFreshness = {
  now: number
  /** How far `iat` may be from `now`, either way. */
  maxAgeSeconds: number
}

/**
 * Verifies an approval against the organization's credentials and returns who approved. The signature must
 * verify with the credential its `kid` names, the payload must name exactly this request, and its `iat` must be
 * within `maxAgeSeconds` of `now`: an approval kept aside cannot be played later (say, for a request that reuses
 * a chosen id once the first is gone), and one dated ahead does not stay playable for longer.
 */
export async function verifyApproval(
  jws: string,
  credentials: readonly Credential[],
  expected: Omit<ApprovalPayload, 'iat'>,
  freshness: ApprovalFreshness,
): Promise<{ credentialId: string; userId: string }> {
  const parts = jws.split('.')
  if (parts.length !== 3) invalid('is not a compact JWS')
  const [protectedB64, payloadB64, signatureB64] = parts as [string, string, string]
  const header = decodeSegment(protectedB64)
  if (header.typ !== APPROVAL_TYPE) invalid(`must have typ ${APPROVAL_TYPE}`)
  if (!isAllowedJwsAlgorithm(header.alg)) invalid('uses an algorithm that is not accepted')
  const kid = typeof header.kid === 'string' ? header.kid : invalid('names no kid')
  const credential = credentials.find((candidate) => candidate.key.kid === kid || candidate.id === kid)
  if (!credential) invalid('is signed with a key that is no credential of the organization')
  const alg = header.alg as Parameters<typeof verifyJwsSignature>[0]
  const ok = await verifyJwsSignature(alg, credential!.key as JWK, protectedB64, payloadB64, signatureB64)
  if (!ok) invalid('has a signature that does not verify')
  const payload = decodeSegment(payloadB64)
  for (const field of ['clientId', 'kind', 'requestId'] as const) {
    if (payload[field] !== expected[field]) invalid(`approves another request (${field} differs)`)
  }
  const { iat } = payload
  if (typeof iat !== 'number' || !Number.isInteger(iat)) invalid('has no iat (an integer number of seconds)')
  if (Math.abs(freshness.now - (iat as number)) > freshness.maxAgeSeconds) {
    invalid('is not fresh: its iat is too far from now')
  }
  return { credentialId: credential!.id, userId: credential!.userId }
}
