import type { PriceSource, PriceTable } from './priceSource'

/**
 * A fixed table, the embedded default: prices by asset id and currency as decimal strings, quoted "now" at every
 * call (a configured price is the operator's statement of today's price, so it never goes stale). An empty table
 * prices nothing: policies in a currency then refuse every request they would need a price for.
 */
export function staticPriceSource(
  table: Readonly<Record<string, Readonly<Record<string, string>>>>,
  clock: () => Date = () => new Date(),
): PriceSource {
  const byAsset = new Map(Object.entries(table).map(([asset, prices]) => [asset.toLowerCase(), prices]))
  return {
    async prices(assets, currencies) {
      const timestamp = Math.floor(clock().getTime() / 1000)
      const found: PriceTable = {}
      for (const asset of assets) {
        const prices = byAsset.get(asset.toLowerCase())
        if (!prices) continue
        for (const currency of currencies) {
          const price = prices[currency]
          if (price === undefined) continue
          found[asset] ??= {}
          ;(found[asset] as PriceTable[string])[currency] = { price, timestamp }
        }
      }
      return found
    },
  }
}
