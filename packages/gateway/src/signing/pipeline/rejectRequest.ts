import { and, eq } from 'drizzle-orm'
import type { JWK } from 'jose'
import {
  CredentialJwsError,
  type EntityCredential,
  signCredentialJws,
  verifyCredentialJws,
} from '../../auth/credentialJws'
import { type SigningRequestRow, signingRequests } from '../../core/database/actionsSchema'
import type { Database } from '../../core/database/openDatabase'
import { GatewayError } from '../../core/errors/gatewayError'
import { appendLogEntry } from '../../decisionLog/appendLogEntry'
import { rejectionEntry } from '../../decisionLog/logEntryContents'
import type { ApprovalFreshness, ApprovalPayload } from './approvalToken'
import { requestRejections } from './rejectionsSchema'
import type { SigningServices } from './signingServices'

export const REJECTION_TYPE = 'rampart-rejection+jws'
/** A reason is for people: a sentence or two. */
export const maxReasonLength = 500

/** What a rejecter signs: this request, and why it must not go on. */
export type RejectionPayload = ApprovalPayload & { reason: string }

/** Signs a rejection with a user's credential key, as a machine approver does (compact JWS, typ rampart-rejection+jws). */
export function signRejection(
  privateJwk: JWK,
  rejection: Omit<RejectionPayload, 'iat'> & { iat?: number },
): Promise<string> {
  return signCredentialJws(privateJwk, REJECTION_TYPE, {
    ...rejection,
    iat: rejection.iat ?? Math.floor(Date.now() / 1000),
  })
}

const invalid = (message: string, path = '/rejection'): never => {
  throw new GatewayError('REJECTION_INVALID', 'The rejection is invalid', { issues: [{ path, message }] })
}

/** A reason as stored: trimmed, non-empty, at most {@link maxReasonLength} characters. */
export function checkedReason(reason: unknown, path = '/reason'): string {
  const text = typeof reason === 'string' ? reason.trim() : ''
  if (text === '') invalid('says no reason', path)
  if (text.length > maxReasonLength) invalid(`is longer than ${maxReasonLength} characters`, path)
  return text
}

/**
 * Verifies a rejection JWS as approvals are verified (a credential of the organization, exactly this request,
 * `iat` fresh) and returns who rejected and why.
 */
export async function verifyRejection(
  jws: string,
  credentials: readonly EntityCredential[],
  expected: Omit<ApprovalPayload, 'iat'>,
  freshness: ApprovalFreshness,
): Promise<{ credentialId: string; userId: string; reason: string }> {
  let verified: Awaited<ReturnType<typeof verifyCredentialJws>>
  try {
    verified = await verifyCredentialJws(jws, credentials, REJECTION_TYPE)
  } catch (error) {
    if (error instanceof CredentialJwsError) invalid(error.message)
    throw error
  }
  const { credential, payload } = verified!
  for (const field of ['clientId', 'kind', 'requestId'] as const) {
    if (payload[field] !== expected[field]) invalid(`rejects another request (${field} differs)`)
  }
  const { iat } = payload
  if (
    typeof iat !== 'number' ||
    !Number.isInteger(iat) ||
    Math.abs(freshness.now - iat) > freshness.maxAgeSeconds
  )
    invalid('is not fresh: its iat is too far from now')
  return {
    credentialId: credential.id,
    userId: credential.userId,
    reason: checkedReason(payload.reason, '/rejection/reason'),
  }
}

/**
 * Ends a request waiting for approvals: it moves to `rejected` (only from `pending_approval`, in one conditional
 * update, so a request that was approved to signing meanwhile is not rejected, nor one rejected twice), its
 * failure gives the reason, and the rejection (who, which credential, why, when) is recorded.
 */
export async function rejectSigningRequest(
  services: SigningServices,
  row: SigningRequestRow,
  rejecter: { credentialId: string; userId: string },
  reason: string,
): Promise<SigningRequestRow> {
  const now = services.clock()
  // The status change, the rejection and its decision-log entry commit together, or none of them does.
  const updated = await services.db.transaction(async (tx) => {
    const [changed] = await tx
      .update(signingRequests)
      .set({
        status: 'rejected',
        failure: { code: 'REQUEST_REJECTED', message: `Rejected by ${rejecter.userId}: ${reason}` },
        updatedAt: now,
      })
      .where(and(eq(signingRequests.rowId, row.rowId), eq(signingRequests.status, 'pending_approval')))
      .returning()
    if (!changed) return undefined
    await tx
      .insert(requestRejections)
      .values({ rowId: row.rowId, ...rejecter, reason, rejectedAt: now })
      .onConflictDoNothing()
    const request = { kind: changed.kind, requestId: changed.requestId, status: changed.status }
    const entry = rejectionEntry(request, { ...rejecter, at: now.toISOString(), reason })
    await appendLogEntry(tx as unknown as Database, changed.clientId, entry, now)
    return changed
  })
  if (!updated) {
    const [current] = await services.db
      .select({ status: signingRequests.status })
      .from(signingRequests)
      .where(eq(signingRequests.rowId, row.rowId))
    throw new GatewayError(
      'NOT_PENDING_APPROVAL',
      `The request is ${current?.status}, not waiting for approvals`,
      {
        requestId: row.requestId,
        status: current?.status,
      },
    )
  }
  return updated
}
