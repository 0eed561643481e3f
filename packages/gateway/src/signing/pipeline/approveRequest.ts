import { and, eq, sql } from 'drizzle-orm'
import { type SigningRequestRow, signingRequests } from '../../core/database/actionsSchema'
import type { Database } from '../../core/database/openDatabase'
import { GatewayError } from '../../core/errors/gatewayError'
import { appendLogEntry } from '../../decisionLog/appendLogEntry'
import { approvalEntry } from '../../decisionLog/logEntryContents'
import { verifyApproval } from './approvalToken'
import type { Plan, SigningAction } from './signingAction'
import { decideAndRun } from './signingPipeline'
import type { SigningServices } from './signingServices'

const maxAttempts = 5

/**
 * Records one approver's signed approval of a request in `pending_approval`, then decides again with every
 * approval so far: still Confirm keeps it waiting; Permit sends it to the provider (exactly once, however many
 * approvals arrive together); Forbid (the policies changed) ends it. An approver counts once.
 */
export async function approveSigningRequest<Body extends { idempotenceId: string }>(
  services: SigningServices,
  action: SigningAction<Body>,
  row: SigningRequestRow,
  approvalJws: string,
): Promise<SigningRequestRow> {
  const state = await services.clientPolicies.forClient(row.clientId)
  const approver = await verifyApproval(
    approvalJws,
    state.entities.credentials ?? [],
    {
      clientId: row.clientId,
      kind: action.kind,
      requestId: row.requestId,
    },
    {
      now: Math.floor(services.clock().getTime() / 1000),
      maxAgeSeconds: services.jwsMaxAgeSeconds,
    },
  )
  return recordApproval(services, action, row, approver)
}

/**
 * Records an approval already verified (a JWS above, or a passkey assertion on the approvals page) and decides
 * again, as {@link approveSigningRequest} says.
 */
export async function recordApproval<Body extends { idempotenceId: string }>(
  services: SigningServices,
  action: SigningAction<Body>,
  row: SigningRequestRow,
  approver: { credentialId: string; userId: string },
): Promise<SigningRequestRow> {
  let current = row
  for (let attempt = 0; attempt < maxAttempts; attempt++) {
    if (current.status !== 'pending_approval') {
      throw new GatewayError(
        'NOT_PENDING_APPROVAL',
        `The request is ${current.status}, not waiting for approvals`,
        {
          requestId: current.requestId,
          status: current.status,
        },
      )
    }
    const known = current.approvals.some((approval) => approval.userId === approver.userId)
    const approvedAt = services.clock()
    const approvals = known
      ? current.approvals
      : [...current.approvals, { ...approver, approvedAt: approvedAt.toISOString() }]
    // Optimistic: the update applies only while the approvals are still those read, else it is retried on a
    // fresh read. Compared by value: a timestamp compare misses a write made within the same millisecond. A new
    // approval is appended to the client's decision log in the update's transaction.
    const updated = await services.db.transaction(async (tx) => {
      const [changed] = await tx
        .update(signingRequests)
        .set({ approvals, updatedAt: services.clock() })
        .where(
          and(
            eq(signingRequests.rowId, current.rowId),
            eq(signingRequests.status, 'pending_approval'),
            sql`${signingRequests.approvals} = ${JSON.stringify(current.approvals)}::jsonb`,
          ),
        )
        .returning()
      if (changed && !known) {
        const request = { kind: changed.kind, requestId: changed.requestId, status: changed.status }
        const entry = approvalEntry(request, { ...approver, at: approvedAt.toISOString() })
        await appendLogEntry(tx as unknown as Database, changed.clientId, entry, approvedAt)
      }
      return changed
    })
    if (updated) {
      return decideAndRun(
        services,
        action,
        updated,
        updated.plan as unknown as Plan,
        updated.body as Body,
        'pending_approval',
      )
    }
    const [reread] = await services.db
      .select()
      .from(signingRequests)
      .where(eq(signingRequests.rowId, current.rowId))
    current = reread!
  }
  throw new GatewayError('APPROVAL_CONFLICT', 'The request changed while approving; retry')
}
