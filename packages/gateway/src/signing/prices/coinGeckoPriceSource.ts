import { decimalOf, parseExactJson } from './exactJson'
import type { PriceSource, PriceTable } from './priceSource'

export type CoinGeckoOptions = {
  /** The API's base URL, before `/simple/price` (https://api.coingecko.com/api/v3, or a compatible server). */
  url: string
  /** The API's id of each asset it prices, by CAIP-19 asset id (eip155:1/slip44:60 → ethereum). */
  ids: Readonly<Record<string, string>>
  /** Extra request headers, such as the API key header (x-cg-pro-api-key). */
  headers?: Readonly<Record<string, string>>
  /** How long a fetched price is used before it is asked for again, in seconds. */
  cacheSeconds: number
  /** How long one HTTP attempt may take, in milliseconds. */
  timeoutMs: number
  /** How many times a failed attempt (no answer, a timeout, 429 or 5xx) is tried again. */
  retries: number
  clock?: () => Date
  fetch?: typeof fetch
  /** Told of each failure of the API, including those the cache covers (the gateway logs them). */
  onFailure?: (error: PriceSourceError) => void
}

type Cached = { price: string; timestamp: number; fetchedAt: number }

/** Why the price API gave nothing: no answer, an error status, or an answer that is not a price table. */
export class PriceSourceError extends Error {
  override name = 'PriceSourceError'
}

/** Pause between attempts: 100 ms, then 200 ms, … (bounded by the number of retries). */
const backoff = (attempt: number) => new Promise((resolve) => setTimeout(resolve, 100 * 2 ** attempt))

/**
 * A CoinGecko-compatible `/simple/price` API. Prices are read exactly (JSON numbers kept as their text) and stamped
 * with the API's `last_updated_at` (the fetch time when it gives none), so the evaluator's maximum age judges the
 * quote, not the fetch. Each price is cached for `cacheSeconds` after its fetch and never served later, not even
 * while the API is down: an outage longer than that leaves the decisions that need a price refused. With nothing to
 * give at all, the call throws.
 */
export function coinGeckoPriceSource(options: CoinGeckoOptions): PriceSource {
  const clock = options.clock ?? (() => new Date())
  const fetchPrices = options.fetch ?? fetch
  const ids = new Map(Object.entries(options.ids).map(([asset, id]) => [asset.toLowerCase(), id]))
  const cache = new Map<string, Cached>()
  const key = (id: string, vs: string) => `${id} ${vs}`
  const vsOf = (currency: string) => currency.replace(/^fiat:/, '')

  /** Asks the API for `wanted` in `vs`, caches what it answers, and returns the cache keys it answered. */
  async function fetchOnce(wanted: string[], vs: string[], now: number): Promise<Set<string>> {
    const url = new URL(`${options.url.replace(/\/$/, '')}/simple/price`)
    url.searchParams.set('ids', wanted.join(','))
    url.searchParams.set('vs_currencies', vs.join(','))
    url.searchParams.set('include_last_updated_at', 'true')
    let lastError = 'no attempt'
    for (let attempt = 0; attempt <= options.retries; attempt++) {
      if (attempt > 0) await backoff(attempt - 1)
      let response: Response
      try {
        response = await fetchPrices(url, {
          headers: { accept: 'application/json', ...options.headers },
          signal: AbortSignal.timeout(options.timeoutMs),
        })
      } catch (error) {
        lastError = error instanceof Error && error.name === 'TimeoutError' ? 'timed out' : 'no answer'
        continue
      }
      if (response.status === 429 || response.status >= 500) {
        lastError = `status ${response.status}`
        await response.body?.cancel()
        continue
      }
      if (!response.ok) {
        await response.body?.cancel()
        throw new PriceSourceError(`the price API answered ${response.status}`)
      }
      let body: unknown
      try {
        body = parseExactJson(await response.text())
      } catch {
        throw new PriceSourceError('the price API answered something that is not JSON')
      }
      return store(body, wanted, vs, now)
    }
    throw new PriceSourceError(`the price API failed after ${options.retries + 1} attempts: ${lastError}`)
  }

  function store(body: unknown, wanted: string[], vs: string[], now: number): Set<string> {
    if (body === null || typeof body !== 'object')
      throw new PriceSourceError('the price API answered no object')
    const stored = new Set<string>()
    for (const id of wanted) {
      const entry = (body as Record<string, unknown>)[id]
      if (entry === null || typeof entry !== 'object') continue
      const fields = entry as Record<string, unknown>
      const updated = decimalOf(fields.last_updated_at)
      const timestamp = updated !== undefined && /^[0-9]{1,15}$/.test(updated) ? Number(updated) : now
      for (const currency of vs) {
        const price = decimalOf(fields[currency])
        if (price === undefined) continue
        cache.set(key(id, currency), { price, timestamp, fetchedAt: now })
        stored.add(key(id, currency))
      }
    }
    return stored
  }

  return {
    async prices(assets, currencies) {
      const now = Math.floor(clock().getTime() / 1000)
      const vs = currencies.map(vsOf)
      const fresh = (entry: Cached | undefined) =>
        entry !== undefined && now - entry.fetchedAt < options.cacheSeconds
      const wanted = new Set<string>()
      for (const asset of assets) {
        const id = ids.get(asset.toLowerCase())
        if (id !== undefined && vs.some((currency) => !fresh(cache.get(key(id, currency))))) wanted.add(id)
      }
      let failure: PriceSourceError | undefined
      let fetched = new Set<string>()
      if (wanted.size > 0) {
        try {
          fetched = await fetchOnce([...wanted].sort(), vs, now)
        } catch (error) {
          failure = error instanceof PriceSourceError ? error : new PriceSourceError('the price API failed')
          options.onFailure?.(failure)
        }
      }
      const table: PriceTable = {}
      for (const asset of assets) {
        const id = ids.get(asset.toLowerCase())
        if (id === undefined) continue
        for (const [index, currency] of currencies.entries()) {
          const cacheKey = key(id, vs[index] as string)
          const cached = cache.get(cacheKey)
          // Fetched by this call, or within the cache's time: an entry left from before an outage is not served.
          if (!cached || !(fetched.has(cacheKey) || fresh(cached))) continue
          table[asset] ??= {}
          ;(table[asset] as PriceTable[string])[currency] = {
            price: cached.price,
            timestamp: cached.timestamp,
          }
        }
      }
      if (failure && Object.keys(table).length === 0) throw failure
      return table
    },
  }
}
