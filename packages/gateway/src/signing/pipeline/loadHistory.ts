import { type Decision, type HistoryWindow, historyWindows, refusal } from '@rampart/evaluator'
import { sql } from 'drizzle-orm'
import { limitMovements, limitTotals } from '../../core/database/actionsSchema'
import type { Database } from '../../core/database/openDatabase'
import type { ClientPolicyState } from './clientPolicyState'
import { hourOf, isSingleShape } from './limitMovements'

type Total = HistoryWindow['totals'][number]
type Movement = Total['movements'][number]

/**
 * What the client's permitted requests moved since `since` (unix seconds, inclusive), summed per kind of movement
 * and request shape: the hourly sums of every hour that starts at or after `since`, and the movements of the part
 * of an hour before the first of them. A window of any number of requests reads at most an hour of movements, and
 * one sum per hour and kind. NUMERIC sums are exact, and read as decimal text.
 */
async function sumSince(db: Database, clientId: string, since: number): Promise<HistoryWindow> {
  const firstWholeHour = hourOf(since + 3599)
  type Row = {
    shape: string
    token: string
    chain_id: string | number
    principal: string
    resource: string
    destination: string
    currency: string
    amount: string
    requests: number
  }
  // Both drivers answer { rows }; the shared Database type does not say so.
  const { rows } =
    (await db.execute(sql`select shape, token, chain_id, principal, resource, destination, currency,
      sum(amount)::text as amount,
      sum(requests)::int as requests
    from (
      select ${limitMovements.requestShape} as shape, coalesce(${limitMovements.token}, '') as token,
        coalesce(${limitMovements.chainId}, -1) as chain_id, coalesce(${limitMovements.principal}, '') as principal,
        coalesce(${limitMovements.resource}, '') as resource,
        coalesce(${limitMovements.destination}, '') as destination, ${limitMovements.currency} as currency,
        ${limitMovements.amount} as amount, 1 as requests
      from ${limitMovements}
      where ${limitMovements.clientId} = ${clientId} and ${limitMovements.decidedAt} >= ${since}
        and ${limitMovements.decidedAt} < ${firstWholeHour}
      union all
      select ${limitTotals.requestShape}, ${limitTotals.token}, ${limitTotals.chainId}, ${limitTotals.principal},
        ${limitTotals.resource}, ${limitTotals.destination}, ${limitTotals.currency}, ${limitTotals.amount},
        ${limitTotals.requests}
      from ${limitTotals}
      where ${limitTotals.clientId} = ${clientId} and ${limitTotals.hour} >= ${firstWholeHour}
    ) as counted
    group by shape, token, chain_id, principal, resource, destination, currency
    having sum(requests) > 0`)) as unknown as { rows: Row[] }
  const totals: Total[] = []
  const shapes = new Map<string, Total>()
  // Each base movement by shape and kind, with its count of requests, for its value rows to join.
  const byKind = new Map<string, [Movement, number]>()
  const kindOf = (row: Row) =>
    JSON.stringify([row.shape, row.token, row.chain_id, row.principal, row.resource, row.destination])
  const valueRows: Row[] = []
  for (const row of rows) {
    if (row.currency !== '') {
      valueRows.push(row)
      continue
    }
    // '' and -1 stand for an absent value (see limitTotals).
    const movement: Movement = { amount: row.amount }
    if (row.token !== '') movement.token = row.token
    if (Number(row.chain_id) !== -1) movement.chainId = Number(row.chain_id)
    if (row.principal !== '') movement.principal = row.principal
    if (row.resource !== '') movement.resource = row.resource
    if (row.destination !== '') movement.to = row.destination
    byKind.set(kindOf(row), [movement, row.requests])
    // Requests of one movement that moved (and recorded) the same: one row, one total.
    if (isSingleShape(row.shape)) {
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
  // A value sums the values of every request of its movement, or it is left out and the movement valued at today's
  // price: a sum over fewer requests would count the others as worth nothing.
  for (const row of valueRows) {
    const base = byKind.get(kindOf(row))
    if (!base || base[1] !== row.requests) continue
    base[0].values ??= {}
    base[0].values[row.currency] = row.amount
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
