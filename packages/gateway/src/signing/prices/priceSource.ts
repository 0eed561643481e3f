import type { PriceTable } from '@rampart/evaluator'

export type { PriceTable }

/**
 * Where the gateway gets the prices a decision in a currency needs: one call per decision, for the assets the
 * request may move (CAIP-19 asset ids, lowercase) in the currencies the client's policies use (`fiat:usd`, …). It
 * returns what it has, each price with the time it was quoted; an asset or currency it has no price for is left
 * out, and the evaluator refuses a decision that needs it (PRICE_UNAVAILABLE). It throws only when it can give
 * nothing at all (the price API is down), which the gateway treats as an empty table.
 */
export interface PriceSource {
  prices(assets: readonly string[], currencies: readonly string[]): Promise<PriceTable>
}
