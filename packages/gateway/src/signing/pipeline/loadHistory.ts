import { type Decision, type HistoryTransfer, historyReach, refusal } from '@rampart/evaluator'
import { and, desc, eq, gte, isNotNull } from 'drizzle-orm'
import { signingRequests } from '../../core/database/actionsSchema'
import type { Database } from '../../core/database/openDatabase'
import type { ClientPolicyState } from './clientPolicyState'

/** Bounds the history handed to one evaluation. */
export const maxHistoryEntries = 10_000

/**
 * The client's past transfers that spending and rate limits count, newest first; null when there are more than
 * {@link maxHistoryEntries} of them. A history cut at its bound would leave out the oldest transfers, which still
 * count: many small transfers would push a large one out of a limit's sight.
 */
export async function loadHistory(
  db: Database,
  clientId: string,
  /** The first second any of the client's limits counts back to (the evaluator's historyReach). */
  since: number,
): Promise<HistoryTransfer[] | null> {
  const rows = await db
    .select({ history: signingRequests.history })
    .from(signingRequests)
    .where(
      and(
        eq(signingRequests.clientId, clientId),
        isNotNull(signingRequests.history),
        // A transfer counts from its decision, which is when it was last updated or earlier: a request asked for
        // long ago and approved today counts today.
        gte(signingRequests.updatedAt, new Date(since * 1000)),
      ),
    )
    .orderBy(desc(signingRequests.updatedAt))
    .limit(maxHistoryEntries + 1)
  if (rows.length > maxHistoryEntries) return null
  return rows.flatMap((row) => row.history as unknown as HistoryTransfer | HistoryTransfer[])
}

/**
 * The history a decision at `now` (unix seconds) hands the evaluator: undefined when no policy of the client counts
 * past transfers, null when it is too long to read whole (see loadHistory).
 */
export async function historyForLimits(
  db: Database,
  state: Pick<ClientPolicyState, 'clientId' | 'usesHistory' | 'limitedPolicies'>,
  now: number,
): Promise<HistoryTransfer[] | null | undefined> {
  const since = state.usesHistory ? historyReach(state.limitedPolicies, now) : undefined
  return since === undefined ? undefined : loadHistory(db, state.clientId, since)
}

/** The decision when the history is too long to read whole: a refusal, since the limits cannot be counted. */
export function historyTooLong(): Decision {
  return refusal(
    'EVALUATION_FAILED',
    `The limits cannot be counted: the client has more than ${maxHistoryEntries} requests within the windows of its limits`,
  )
}
