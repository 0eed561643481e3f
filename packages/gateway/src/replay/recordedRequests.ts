import { decodeRequest } from '@rampart/decoder'
import type { EntityIndex } from '@rampart/entities'
import type { Decision, DecisionInput, HistoryTransfer, RecordedDecision } from '@rampart/evaluator'
import { and, asc, eq, gte, isNotNull, lt } from 'drizzle-orm'
import { type SigningRequestRow, signingRequests } from '../core/database/actionsSchema'
import type { Database } from '../core/database/openDatabase'
import type { Plan } from '../signing/pipeline/signingAction'

/** A recorded request ready to be decided again, with the time it was decided at. */
export type RecordedRequest = RecordedDecision & { input: DecisionInput; decidedAt: number }

/** The history entries a row recorded (records written before held one object instead of a list). */
export function movedBy(row: Pick<SigningRequestRow, 'history'>): HistoryTransfer[] {
  if (!row.history) return []
  return (Array.isArray(row.history) ? row.history : [row.history]) as unknown as HistoryTransfer[]
}

/**
 * When a request was decided, unix seconds: the time its permitted movements were stamped with (the decision's
 * `now`); for a request refused or waiting for approvals, when its status was set (its last decision); else when
 * it was created.
 */
function decidedAt(row: SigningRequestRow): number {
  const [first] = movedBy(row)
  if (first && Number.isSafeInteger(first.timestamp)) return first.timestamp
  const at = row.status === 'forbidden' || row.status === 'pending_approval' ? row.updatedAt : row.createdAt
  return Math.floor(at.getTime() / 1000)
}

/**
 * The client's requests created in [from, to) that were decided, as replay decides them again: the signing
 * request as the pipeline decided it (its plan decoded again with the candidate's entities, the approvals it
 * collected, at the time it was decided), its live decision, and what it moved while it counted for limits. At
 * most `max`, oldest first; `more` when the period holds others.
 */
export async function recordedRequests(
  db: Database,
  clientId: string,
  period: { from: Date; to: Date; max: number },
  entities: EntityIndex | undefined,
): Promise<{ records: RecordedRequest[]; more: Date | null }> {
  const rows = await db
    .select()
    .from(signingRequests)
    .where(
      and(
        eq(signingRequests.clientId, clientId),
        isNotNull(signingRequests.evaluation),
        gte(signingRequests.createdAt, period.from),
        lt(signingRequests.createdAt, period.to),
      ),
    )
    .orderBy(asc(signingRequests.createdAt), asc(signingRequests.rowId))
    .limit(period.max + 1)
  const more = rows.length > period.max ? (rows[period.max] as SigningRequestRow).createdAt : null
  const records = rows.slice(0, period.max).flatMap((row) => {
    const record = recordOf(row, entities)
    return record ? [record] : []
  })
  // In the order they were decided: a request approved later was decided (again) then.
  records.sort((a, b) => a.decidedAt - b.decidedAt)
  return { records, more }
}

/**
 * What the client's requests created before `from` moved from `since` on (unix seconds): the history the first
 * requests of the period had. Only requests still counted (permitted, not failed) have movements.
 */
export async function movedBefore(
  db: Database,
  clientId: string,
  from: Date,
  since: number,
): Promise<HistoryTransfer[]> {
  const rows = await db
    .select({ history: signingRequests.history })
    .from(signingRequests)
    .where(
      and(
        eq(signingRequests.clientId, clientId),
        isNotNull(signingRequests.history),
        lt(signingRequests.createdAt, from),
        // Movements are stamped when permitted, before the row's last update: older rows moved before `since`.
        gte(signingRequests.updatedAt, new Date(since * 1000)),
      ),
    )
  return rows
    .flatMap((row) => movedBy(row))
    .filter((entry) => entry.timestamp >= since)
    .sort((a, b) => a.timestamp - b.timestamp)
}

function recordOf(row: SigningRequestRow, entities: EntityIndex | undefined): RecordedRequest | undefined {
  const live = (row.evaluation as { decision?: Decision } | null)?.decision
  const plan = row.plan as unknown as Plan | null
  if (!live || !plan) return undefined
  const now = decidedAt(row)
  const approvals = row.approvals.map((approval) => String(approval.userId))
  const input: DecisionInput = {
    principal: row.principal,
    action: plan.action,
    signer: { address: plan.signer.address, chainId: plan.signer.chainId },
    ...(plan.rpcRequest
      ? { decoded: decodeRequest(plan.rpcRequest, entities ? { entities } : {}) as DecisionInput['decoded'] }
      : {}),
    ...(plan.payloads === undefined ? {} : { payloads: plan.payloads }),
    ...(plan.algorithm === undefined ? {} : { algorithm: plan.algorithm }),
    ...(approvals.length > 0 ? { approvals } : {}),
    now,
    presets: plan.presets,
  }
  const moved = movedBy(row)
  return {
    id: row.requestId,
    input,
    decidedAt: now,
    live: {
      decision: live.decision,
      ...(live.decidingPolicy === undefined ? {} : { decidingPolicy: live.decidingPolicy }),
      ...(live.reason ? { reason: { code: live.reason.code, message: live.reason.message } } : {}),
    },
    ...(moved.length > 0 ? { moved } : {}),
  }
}
