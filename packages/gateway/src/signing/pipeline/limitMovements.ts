import { createHash } from 'node:crypto'
import { formatFiatUnits, type HistoryTransfer, toFiatUnits } from '@rampart/evaluator'
import { eq, sql } from 'drizzle-orm'
import { limitMovements, limitTotals } from '../../core/database/actionsSchema'
import type { Database } from '../../core/database/openDatabase'

const lower = (value: string | undefined) => value?.toLowerCase() ?? null

type MovementRow = typeof limitMovements.$inferInsert

/**
 * The rows limits sum for one permitted request: its history, one row per kind of movement (token, chain,
 * principal, resource, destination, lowercased as limits compare them) with the amounts of that kind summed, and
 * beside it one row per currency the kind's transfers all recorded a value in, their values summed. Its shape is
 * what it moved and recorded (see shapeOf).
 */
export function movementRows(
  rowId: string,
  clientId: string,
  history: readonly HistoryTransfer[],
): MovementRow[] {
  const byKind = new Map<string, MovementRow & { sum: bigint; values: Map<string, bigint> }>()
  for (const transfer of history) {
    const values = new Map<string, bigint>()
    for (const [currency, value] of Object.entries(transfer.values ?? {}))
      values.set(currency, toFiatUnits(value))
    const row = {
      rowId,
      clientId,
      decidedAt: transfer.timestamp,
      token: lower(transfer.token),
      chainId: transfer.chainId ?? null,
      principal: lower(transfer.principal),
      resource: lower(transfer.resource),
      destination: lower(transfer.to),
    }
    const kind = JSON.stringify([row.token, row.chainId, row.principal, row.resource, row.destination])
    const same = byKind.get(kind)
    if (same) {
      same.sum += BigInt(transfer.amount)
      same.decidedAt = Math.max(same.decidedAt, row.decidedAt)
      // A currency one transfer of the kind did not record leaves the kind to today's price, never half valued.
      for (const [currency, units] of same.values) {
        const more = values.get(currency)
        if (more === undefined) same.values.delete(currency)
        else same.values.set(currency, units + more)
      }
    } else byKind.set(kind, { ...row, sum: BigInt(transfer.amount), values, amount: '0', requestShape: '' })
  }
  const kinds = [...byKind.keys()].sort()
  const recorded = kinds.map((kind) => [...(byKind.get(kind)?.values.keys() ?? [])].sort().join(' '))
  const shape = shapeOf(kinds, recorded)
  const rows: MovementRow[] = []
  for (const { sum, values, ...row } of byKind.values()) {
    rows.push({ ...row, amount: sum.toString(), requestShape: shape })
    // Beside the base units, the value of each currency recorded: the same key, the value in `amount`.
    for (const [currency, units] of values)
      rows.push({ ...row, amount: formatFiatUnits(units), requestShape: shape, currency })
  }
  return rows
}

/** The prefix of the shape of a request of one kind of movement that recorded values (then its currencies). */
export const VALUED_SINGLE_SHAPE = 'values:'

/** Whether requests of this shape moved one kind each: each of their kinds is a total of its own. */
export const isSingleShape = (shape: string) => shape === '' || shape.startsWith(VALUED_SINGLE_SHAPE)

/**
 * A request's shape: what it moved, kind by kind, and which currencies it recorded values in for each. Requests
 * with values and without are summed apart, so each total is valued as every one of its requests was: '' for one
 * kind and no value, 'values:' and the currencies for one kind with values, else a digest of the kinds and
 * currencies (the same for every request that moved, and recorded, the same).
 */
function shapeOf(kinds: readonly string[], recorded: readonly string[]): string {
  if (kinds.length === 1) return recorded[0] ? `${VALUED_SINGLE_SHAPE}${recorded[0]}` : ''
  const lines = kinds.map((kind, index) => (recorded[index] ? `${kind} ${recorded[index]}` : kind))
  return createHash('sha256').update(lines.join('\n')).digest('base64url')
}

/** The first second of the UTC hour of `second`: the hour limit_totals sums it under. */
export const hourOf = (second: number) => Math.floor(second / 3600) * 3600

/**
 * Adds rows of limit_movements to the hourly sums (or, with `sign` -1, takes them away), one upsert per row: every
 * row of a request is one request of its shape and kind. Exact under concurrency: the database adds to the stored
 * sum, never a value read before.
 */
async function addToTotals(db: Database, rows: readonly MovementRow[], sign: 1 | -1): Promise<void> {
  if (rows.length === 0) return
  await db
    .insert(limitTotals)
    .values(
      rows.map((row) => ({
        clientId: row.clientId,
        hour: hourOf(row.decidedAt),
        requestShape: row.requestShape,
        token: row.token ?? '',
        chainId: row.chainId ?? -1,
        principal: row.principal ?? '',
        resource: row.resource ?? '',
        destination: row.destination ?? '',
        currency: row.currency ?? '',
        amount: sign === 1 ? row.amount : `-${row.amount}`,
        requests: sign,
      })),
    )
    .onConflictDoUpdate({
      target: [
        limitTotals.clientId,
        limitTotals.hour,
        limitTotals.requestShape,
        limitTotals.token,
        limitTotals.chainId,
        limitTotals.principal,
        limitTotals.resource,
        limitTotals.destination,
        limitTotals.currency,
      ],
      set: {
        amount: sql`${limitTotals.amount} + excluded.amount`,
        requests: sql`${limitTotals.requests} + excluded.requests`,
      },
    })
}

/**
 * Counts a permitted request's movements for limits, in its movements and the hourly sums: in the transaction that
 * records it permitted.
 */
export async function recordMovements(
  db: Database,
  rowId: string,
  clientId: string,
  history: readonly HistoryTransfer[],
): Promise<void> {
  const rows = movementRows(rowId, clientId, history)
  if (rows.length === 0) return
  await db.insert(limitMovements).values(rows)
  // Sorted: two transactions adding to the same sums lock them in one order, and cannot deadlock.
  await addToTotals(db, sortedForLocks(rows), 1)
}

function sortedForLocks(rows: readonly MovementRow[]): MovementRow[] {
  const key = (row: MovementRow) =>
    JSON.stringify([
      row.requestShape,
      row.token,
      row.chainId,
      row.principal,
      row.resource,
      row.destination,
      row.currency ?? '',
    ])
  return [...rows].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0))
}

/** Stops counting a request (nothing was signed), or replaces what it counts when the provider knows better. */
export async function replaceMovements(
  db: Database,
  rowId: string,
  clientId: string,
  history: readonly HistoryTransfer[] | null,
): Promise<void> {
  const counted = await db.delete(limitMovements).where(eq(limitMovements.rowId, rowId)).returning()
  await addToTotals(db, sortedForLocks(counted), -1)
  if (history) await recordMovements(db, rowId, clientId, history)
}

/**
 * Sums a client's hourly totals afresh from its movements, as migrations 0006 and 0007 first summed them: after movements
 * were written by hand (a repair, a test moving a request back in time).
 */
export async function rebuildTotals(db: Database, clientId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(limitTotals).where(eq(limitTotals.clientId, clientId))
    await tx.execute(sql`insert into ${limitTotals} (client_id, hour, request_shape, token, chain_id, principal,
        resource, destination, currency, amount, requests)
      select client_id, decided_at - ((decided_at % 3600) + 3600) % 3600, request_shape, coalesce(token, ''),
        coalesce(chain_id, -1), coalesce(principal, ''), coalesce(resource, ''), coalesce(destination, ''),
        currency, sum(amount), count(*)
      from ${limitMovements} where client_id = ${clientId}
      group by 1, 2, 3, 4, 5, 6, 7, 8, 9`)
  })
}
