import {
  assetsToPrice,
  type EvaluationRequest,
  type HistoryTransfer,
  type HistoryWindow,
} from '@rampart/evaluator'
import type { PriceSource, PriceTable } from './priceSource'

/**
 * The prices a decision hands the evaluator: none when the client's policies value nothing in a currency, else
 * what the source has for the assets the request may need. A source that gives nothing (the API down) is an empty
 * table, logged: the evaluator then refuses every decision that needs a price (PRICE_UNAVAILABLE), and decides
 * those that need none.
 */
export async function pricesForDecision(
  source: PriceSource,
  warn: (message: string) => void,
  currencies: readonly string[],
  intent: EvaluationRequest['intent'] | undefined,
  historyTotals: readonly HistoryWindow[] | null | undefined,
): Promise<PriceTable | undefined> {
  if (currencies.length === 0) return undefined
  const assets = assetsToPrice(intent, summedTransfers(historyTotals), currencies)
  if (assets.length === 0) return {}
  try {
    return await source.prices(assets, currencies)
  } catch (error) {
    warn(`no prices: ${error instanceof Error ? error.message : 'the price source failed'}`)
    return {}
  }
}

/**
 * The summed movements as transfers with no recorded value: a limit in a currency values them at today's price,
 * so each of their tokens needs one.
 */
function summedTransfers(historyTotals: readonly HistoryWindow[] | null | undefined): HistoryTransfer[] {
  return (historyTotals ?? []).flatMap((window) =>
    window.totals.flatMap((total) =>
      total.movements.map((movement) => ({
        amount: movement.amount,
        timestamp: window.since,
        ...(movement.token === undefined ? {} : { token: movement.token }),
      })),
    ),
  )
}
