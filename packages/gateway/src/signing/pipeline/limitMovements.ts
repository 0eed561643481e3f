import { createHash } from 'node:crypto'
import type { HistoryTransfer } from '@rampart/evaluator'
import { eq, sql } from 'drizzle-orm'
import { limitMovements, limitTotals } from '../../core/database/actionsSchema'
import type { Database } from '../../core/database/openDatabase'

const lower = (value: string | undefined) => value?.toLowerCase() ?? null

type MovementRow = typeof limitMovements.$inferInsert

/**
 * The rows limits sum for one permitted request: its history, one row per kind of movement (token, chain,
 * principal, resource, destination, lowercased as limits compare them) with the amounts of that kind summed. Its
 * shape is '' when it has one kind, else a digest of its kinds, the same for every request that moved the same.
 */
export function movementRows(
  rowId: string,
  clientId: string,
  history: readonly HistoryTransfer[],
): MovementRow[] {
  const byKind = new Map<string, MovementRow & { sum: bigint }>()
  for (const transfer of history) {
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
    } else byKind.set(kind, { ...row, sum: BigInt(transfer.amount), amount: '0', requestShape: '' })
  }
  const kinds = [...byKind.keys()].sort()
  const shape = kinds.length === 1 ? '' : createHash('sha256').update(kinds.join('\n')).digest('base64url')
  return [...byKind.values()].map(({ sum, ...row }) => ({
    ...row,
    amount: sum.toString(),
    requestShape: shape,
  }))
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
    JSON.stringify([row.requestShape, row.token, row.chainId, row.principal, row.resource, row.destination])
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
 * Sums a client's hourly totals afresh from its movements, as migration 0006 first summed them: after movements
 * were written by hand (a repair, a test moving a request back in time).
 */
export async function rebuildTotals(db: Database, clientId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(limitTotals).where(eq(limitTotals.clientId, clientId))
    await tx.execute(sql`insert into ${limitTotals} (client_id, hour, request_shape, token, chain_id, principal,
        resource, destination, amount, requests)
      select client_id, decided_at - ((decided_at % 3600) + 3600) % 3600, request_shape, coalesce(token, ''),
        coalesce(chain_id, -1), coalesce(principal, ''), coalesce(resource, ''), coalesce(destination, ''),
        sum(amount), count(*)
      from ${limitMovements} where client_id = ${clientId}
      group by 1, 2, 3, 4, 5, 6, 7, 8`)
  })
}
