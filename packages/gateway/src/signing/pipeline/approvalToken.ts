import type { JWK } from 'jose'
import {
  CredentialJwsError,
  type EntityCredential,
  signCredentialJws,
  verifyCredentialJws,
} from '../../auth/credentialJws'
import { GatewayError } from '../../core/errors/gatewayError'

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
  const payload: ApprovalPayload = { ...approval, iat: approval.iat ?? Math.floor(Date.now() / 1000) }
  return signCredentialJws(privateJwk, APPROVAL_TYPE, payload)
}

const invalid = (message: string, path = '/approval'): never => {
  throw new GatewayError('APPROVAL_INVALID', 'The approval is invalid', { issues: [{ path, message }] })
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
  credentials: readonly EntityCredential[],
  expected: Omit<ApprovalPayload, 'iat'>,
  freshness: ApprovalFreshness,
): Promise<{ credentialId: string; userId: string }> {
  let verified: Awaited<ReturnType<typeof verifyCredentialJws>>
  try {
    verified = await verifyCredentialJws(jws, credentials, APPROVAL_TYPE)
  } catch (error) {
    if (error instanceof CredentialJwsError) invalid(error.message)
    throw error
  }
  const { credential, payload } = verified
  for (const field of ['clientId', 'kind', 'requestId'] as const) {
    if (payload[field] !== expected[field]) invalid(`approves another request (${field} differs)`)
  }
  const { iat } = payload
  if (typeof iat !== 'number' || !Number.isInteger(iat)) invalid('has no iat (an integer number of seconds)')
  if (Math.abs(freshness.now - (iat as number)) > freshness.maxAgeSeconds) {
    invalid('is not fresh: its iat is too far from now')
  }
  return { credentialId: credential.id, userId: credential.userId }
}
