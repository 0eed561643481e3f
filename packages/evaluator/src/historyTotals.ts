import type {
  HistoryMovement,
  HistoryTotal,
  HistoryTransfer,
  HistoryWindow,
} from './generated/evaluationRequest'

const lower = (value: string | undefined) => value?.toLowerCase()

/** What tells one movement from another for every limit filter: token, chain, principal, resource, destination. */
function movementKey(transfer: HistoryTransfer): string {
  return JSON.stringify([
    lower(transfer.token) ?? null,
    transfer.chainId ?? null,
    lower(transfer.principal) ?? null,
    lower(transfer.resource) ?? null,
    lower(transfer.to) ?? null,
  ])
}

function movementOf(transfer: HistoryTransfer, amount: bigint): HistoryMovement {
  const movement: HistoryMovement = { amount: amount.toString() }
  if (transfer.token !== undefined) movement.token = transfer.token.toLowerCase()
  if (transfer.chainId !== undefined) movement.chainId = transfer.chainId
  if (transfer.principal !== undefined) movement.principal = transfer.principal.toLowerCase()
  if (transfer.resource !== undefined) movement.resource = transfer.resource.toLowerCase()
  if (transfer.to !== undefined) movement.to = transfer.to.toLowerCase()
  return movement
}

type Summed = { first: HistoryTransfer; amount: bigint }

/**
 * A history summed as `historyTotals` holds it, one window per start (unix seconds): the transfers stamped at or
 * after each start, grouped by request (a transfer without a request id is a request of its own), and the requests
 * that moved the same things summed into one total. Limits count the totals exactly as they count the history
 * itself; a caller that keeps its history in a database sums it there instead, the same way.
 */
export function sumHistory(history: readonly HistoryTransfer[], starts: readonly number[]): HistoryWindow[] {
  return starts.map((since) => {
    const requests = new Map<unknown, Map<string, Summed>>()
    let anonymous = 0
    for (const transfer of history) {
      if (transfer.timestamp < since) continue
      const id = transfer.requestId ?? { anonymous: anonymous++ }
      let moved = requests.get(id)
      if (!moved) {
        moved = new Map()
        requests.set(id, moved)
      }
      const key = movementKey(transfer)
      const summed = moved.get(key)
      if (summed) summed.amount += BigInt(transfer.amount)
      else moved.set(key, { first: transfer, amount: BigInt(transfer.amount) })
    }
    // Requests of one shape (the same movements, amounts aside) are one total, their amounts summed per movement.
    const shapes = new Map<string, { requests: number; movements: Map<string, Summed> }>()
    for (const moved of requests.values()) {
      const keys = [...moved.keys()].sort()
      const shape = keys.join('\n')
      const total = shapes.get(shape)
      if (!total) {
        const movements = new Map<string, Summed>()
        for (const key of keys) movements.set(key, { ...(moved.get(key) as Summed) })
        shapes.set(shape, { requests: 1, movements })
        continue
      }
      total.requests++
      for (const [key, summed] of moved) (total.movements.get(key) as Summed).amount += summed.amount
    }
    const totals: HistoryTotal[] = []
    for (const { requests: count, movements } of shapes.values()) {
      const list = [...movements.values()].map(({ first, amount }) => movementOf(first, amount))
      totals.push({ requests: count, movements: list as HistoryTotal['movements'] })
    }
    return { since, totals }
  })
}
