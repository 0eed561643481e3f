import { createHash } from 'node:crypto'
import type { HistoryTransfer } from '@rampart/evaluator'
import { eq } from 'drizzle-orm'
import { limitMovements } from '../../core/database/actionsSchema'
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

/** Counts a permitted request's movements for limits: in the transaction that records it permitted. */
export async function recordMovements(
  db: Database,
  rowId: string,
  clientId: string,
  history: readonly HistoryTransfer[],
): Promise<void> {
  const rows = movementRows(rowId, clientId, history)
  if (rows.length > 0) await db.insert(limitMovements).values(rows)
}

/** Stops counting a request (nothing was signed), or replaces what it counts when the provider knows better. */
export async function replaceMovements(
  db: Database,
  rowId: string,
  clientId: string,
  history: readonly HistoryTransfer[] | null,
): Promise<void> {
  await db.delete(limitMovements).where(eq(limitMovements.rowId, rowId))
  if (history) await recordMovements(db, rowId, clientId, history)
}
