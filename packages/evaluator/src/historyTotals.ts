import { formatFiatUnits, toFiatUnits } from './fiatValue'
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

/**
 * Recorded values summed per currency, in millionths: a currency stays only while every transfer summed recorded
 * it. Within a request a transfer without it would be valued at today's price, the others at their own: summing
 * only the recorded part would count that transfer as worth nothing, so the currency is dropped and the whole sum
 * valued at today's price, never less than what was moved. Across requests this cannot happen: requests that
 * recorded different currencies are never summed together (see the shape below).
 */
type Values = Map<string, bigint>

function valuesOf(transfer: HistoryTransfer): Values {
  const values: Values = new Map()
  for (const [currency, value] of Object.entries(transfer.values ?? {}))
    values.set(currency, toFiatUnits(value))
  return values
}

function addValues(into: Values, added: Values): void {
  for (const [currency, units] of into) {
    const more = added.get(currency)
    if (more === undefined) into.delete(currency)
    else into.set(currency, units + more)
  }
}

function movementOf(transfer: HistoryTransfer, amount: bigint, values: Values): HistoryMovement {
  const movement: HistoryMovement = { amount: amount.toString() }
  if (transfer.token !== undefined) movement.token = transfer.token.toLowerCase()
  if (transfer.chainId !== undefined) movement.chainId = transfer.chainId
  if (transfer.principal !== undefined) movement.principal = transfer.principal.toLowerCase()
  if (transfer.resource !== undefined) movement.resource = transfer.resource.toLowerCase()
  if (transfer.to !== undefined) movement.to = transfer.to.toLowerCase()
  if (values.size > 0) {
    const recorded: Record<string, string> = {}
    for (const [currency, units] of values) recorded[currency] = formatFiatUnits(units)
    movement.values = recorded
  }
  return movement
}

type Summed = { first: HistoryTransfer; amount: bigint; values: Values }

/**
 * A history summed as `historyTotals` holds it, one window per start (unix seconds): the transfers stamped at or
 * after each start, grouped by request (a transfer without a request id is a request of its own), and the requests
 * that moved the same things summed into one total, with their recorded values (`values`) summed per currency
 * where every one of them recorded it (see Values). Limits count the totals exactly as they count the history
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
      if (summed) {
        summed.amount += BigInt(transfer.amount)
        addValues(summed.values, valuesOf(transfer))
      } else moved.set(key, { first: transfer, amount: BigInt(transfer.amount), values: valuesOf(transfer) })
    }
    // Requests of one shape (the same movements, amounts aside, each with values recorded in the same currencies)
    // are one total, their amounts and values summed per movement. Requests that recorded no value (decided before
    // prices were recorded) are totals apart: valued at today's price, as the history itself values them, while the
    // others keep the values of their own decisions.
    const shapes = new Map<string, { requests: number; movements: Map<string, Summed> }>()
    for (const moved of requests.values()) {
      const keys = [...moved.keys()].sort()
      const shape = keys
        .map((key) => `${key} ${[...(moved.get(key) as Summed).values.keys()].sort().join(' ')}`)
        .join('\n')
      const total = shapes.get(shape)
      if (!total) {
        const movements = new Map<string, Summed>()
        for (const key of keys) {
          const summed = moved.get(key) as Summed
          movements.set(key, { ...summed, values: new Map(summed.values) })
        }
        shapes.set(shape, { requests: 1, movements })
        continue
      }
      total.requests++
      for (const [key, summed] of moved) {
        const into = total.movements.get(key) as Summed
        into.amount += summed.amount
        addValues(into.values, summed.values)
      }
    }
    const totals: HistoryTotal[] = []
    for (const { requests: count, movements } of shapes.values()) {
      const list = [...movements.values()].map(({ first, amount, values }) =>
        movementOf(first, amount, values),
      )
      totals.push({ requests: count, movements: list as HistoryTotal['movements'] })
    }
    return { since, totals }
  })
}
