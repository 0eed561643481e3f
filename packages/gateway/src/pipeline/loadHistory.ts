import type { Decision, HistoryTransfer } from '@rampart/evaluator'
import { and, desc, eq, gt, isNotNull } from 'drizzle-orm'
import { signingRequests } from '../db/actionsSchema'
import type { Database } from '../db/openDatabase'
import { refusalDecision } from './refusalDecision'

/** The longest window a limit can count over (a calendar month, or a rolling window of up to 31 days). */
const horizonMs = 32 * 24 * 3600 * 1000
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
  now = Date.now(),
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
        gt(signingRequests.updatedAt, new Date(now - horizonMs)),
      ),
    )
    .orderBy(desc(signingRequests.updatedAt))
    .limit(maxHistoryEntries + 1)
  if (rows.length > maxHistoryEntries) return null
  return rows.flatMap((row) => row.history as unknown as HistoryTransfer | HistoryTransfer[])
}

/** The decision when the history is too long to read whole: a refusal, since the limits cannot be counted. */
export function historyTooLong(): Decision {
  return refusalDecision(
    'EVALUATION_FAILED',
    `The limits cannot be counted: the client has more than ${maxHistoryEntries} transfers in the last 32 days`,
  )
}
