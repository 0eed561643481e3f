import type { HistoryTransfer } from '@rampart/evaluator'
import { and, desc, eq, gt, isNotNull } from 'drizzle-orm'
import { signingRequests } from '../db/actionsSchema'
import type { Database } from '../db/openDatabase'

/** The longest window a limit can count over (a calendar month, or a rolling window of up to 31 days). */
const horizonMs = 32 * 24 * 3600 * 1000
/** Bounds the history handed to one evaluation. */
const maxEntries = 10_000

/** The client's past signed transfers that spending and rate limits count, newest first. */
export async function loadHistory(
  db: Database,
  clientId: string,
  now = Date.now(),
): Promise<HistoryTransfer[]> {
  const rows = await db
    .select({ history: signingRequests.history })
    .from(signingRequests)
    .where(
      and(
        eq(signingRequests.clientId, clientId),
        isNotNull(signingRequests.history),
        gt(signingRequests.createdAt, new Date(now - horizonMs)),
      ),
    )
    .orderBy(desc(signingRequests.createdAt))
    .limit(maxEntries)
  return rows.map((row) => row.history as unknown as HistoryTransfer)
}
