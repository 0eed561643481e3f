import { type Decision, type HistoryWindow, historyWindows, refusal } from '@rampart/evaluator'
import { and, eq, gte, sql } from 'drizzle-orm'
import { limitMovements } from '../../core/database/actionsSchema'
import type { Database } from '../../core/database/openDatabase'
import type { ClientPolicyState } from './clientPolicyState'

type Total = HistoryWindow['totals'][number]
type Movement = Total['movements'][number]

/**
 * What the client's permitted requests moved since `since` (unix seconds, inclusive), summed in the database per
 * kind of movement and request shape: as many rows as there are kinds, however many requests the window holds.
 * NUMERIC sums are exact, and read as decimal text.
 */
async function sumSince(db: Database, clientId: string, since: number): Promise<HistoryWindow> {
  const rows = await db
    .select({
      shape: limitMovements.requestShape,
      token: limitMovements.token,
      chainId: limitMovements.chainId,
      principal: limitMovements.principal,
      resource: limitMovements.resource,
      to: limitMovements.destination,
      amount: sql<string>`sum(${limitMovements.amount})::text`,
      requests: sql<number>`count(*)::int`,
    })
    .from(limitMovements)
    .where(and(eq(limitMovements.clientId, clientId), gte(limitMovements.decidedAt, since)))
    .groupBy(
      limitMovements.requestShape,
      limitMovements.token,
      limitMovements.chainId,
      limitMovements.principal,
      limitMovements.resource,
      limitMovements.destination,
    )
  const totals: Total[] = []
  const shapes = new Map<string, Total>()
  for (const row of rows) {
    const movement: Movement = { amount: row.amount }
    if (row.token !== null) movement.token = row.token
    if (row.chainId !== null) movement.chainId = Number(row.chainId)
    if (row.principal !== null) movement.principal = row.principal
    if (row.resource !== null) movement.resource = row.resource
    if (row.to !== null) movement.to = row.to
    // Requests of one movement ('' shape) that moved the same: one row, one total.
    if (row.shape === '') {
      totals.push({ requests: row.requests, movements: [movement] })
      continue
    }
    const total = shapes.get(row.shape)
    if (!total) {
      const first: Total = { requests: row.requests, movements: [movement] }
      shapes.set(row.shape, first)
      totals.push(first)
      continue
    }
    // Every request of a shape has one row of each of its movements: counts that differ are records gone wrong.
    if (total.requests !== row.requests) throw new Error(`the movements of shape ${row.shape} disagree`)
    total.movements.push(movement)
  }
  return { since, totals }
}

/**
 * The client's past movements that spending and rate limits count, summed once per first second its limits count
 * back to (the evaluator's historyWindows). Exact, and bounded by the kinds of movements in a window rather than the
 * number of requests: no cap on how many requests a window holds.
 */
export async function loadHistoryTotals(
  db: Database,
  clientId: string,
  starts: readonly number[],
): Promise<HistoryWindow[]> {
  const windows: HistoryWindow[] = []
  for (const since of starts) windows.push(await sumSince(db, clientId, since))
  return windows
}

/**
 * The summed history a decision at `now` (unix seconds) hands the evaluator: undefined when no policy of the client
 * counts past transfers, null when it cannot be read (the decision is then a refusal, see historyUnreadable).
 */
export async function historyForLimits(
  db: Database,
  state: Pick<ClientPolicyState, 'clientId' | 'usesHistory' | 'limitedPolicies'>,
  now: number,
  /** Told why the history could not be read, for the gateway's log. */
  onError?: (error: unknown) => void,
): Promise<HistoryWindow[] | null | undefined> {
  if (!state.usesHistory) return undefined
  const starts = historyWindows(state.limitedPolicies, now)
  if (starts.length === 0) return undefined
  try {
    return await loadHistoryTotals(db, state.clientId, starts)
  } catch (error) {
    onError?.(error)
    // Limits counted on part of the history, or none, could permit what they forbid.
    return null
  }
}

/** The decision when the history cannot be read: a refusal, since the limits cannot be counted. */
export function historyUnreadable(): Decision {
  return refusal(
    'EVALUATION_FAILED',
    'The limits cannot be counted: the history of past requests cannot be read',
  )
}
