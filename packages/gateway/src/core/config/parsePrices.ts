import type { PriceConfig } from './gatewayConfig'

/** The config file's `prices` entry (see PriceConfig); RAMPART_PRICE_API_KEY can hold the API key instead. */
export type PriceConfigFile = {
  maxAgeSeconds?: number
  static?: Record<string, Record<string, string>>
  coingecko?: {
    url?: string
    ids?: Record<string, string>
    apiKey?: string
    apiKeyHeader?: string
    cacheSeconds?: number
    timeoutMs?: number
    retries?: number
  }
}

const CURRENCY = /^fiat:[a-z]{3}$/
const DECIMAL = /^(0|[1-9][0-9]{0,77})(\.[0-9]{1,18})?$/
const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value)

/**
 * Reads the `prices` setting: the maximum age of a price a decision uses, and the source, a static table (the
 * default, empty when not given) or a CoinGecko-compatible API. Throws `fail(setting, message)` naming the entry,
 * as `prices.coingecko.ids.eip155:1/slip44:60`.
 */
export function parsePrices(
  file: unknown,
  env: NodeJS.ProcessEnv,
  fail: (setting: string, message: string) => Error,
): PriceConfig {
  if (file !== undefined && !isObject(file)) throw fail('prices', 'must be an object')
  const prices = (file ?? {}) as PriceConfigFile
  const integer = (setting: string, value: unknown, fallback: number, min: number, max: number) => {
    const chosen = value ?? fallback
    if (typeof chosen !== 'number' || !Number.isInteger(chosen) || chosen < min || chosen > max)
      throw fail(setting, `must be an integer from ${min} to ${max}`)
    return chosen
  }
  const maxAgeSeconds = integer('prices.maxAgeSeconds', prices.maxAgeSeconds, 300, 0, 86_400)
  if (prices.static !== undefined && prices.coingecko !== undefined)
    throw fail('prices', 'name one source: static or coingecko')
  if (prices.coingecko !== undefined) {
    const api = prices.coingecko
    if (!isObject(api)) throw fail('prices.coingecko', 'must be an object')
    let url: URL
    try {
      url = new URL(String(api.url))
      if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error()
    } catch {
      throw fail('prices.coingecko.url', 'must be an http(s) URL, such as https://api.coingecko.com/api/v3')
    }
    if (!isObject(api.ids) || Object.keys(api.ids).length === 0)
      throw fail('prices.coingecko.ids', 'must map asset ids to the API ids of their coins')
    for (const [asset, id] of Object.entries(api.ids))
      if (typeof id !== 'string' || !/^[a-z0-9-]{1,100}$/.test(id))
        throw fail(`prices.coingecko.ids.${asset}`, 'must be an API coin id (lowercase letters, digits, -)')
    const apiKey = env.RAMPART_PRICE_API_KEY || api.apiKey
    return {
      maxAgeSeconds,
      source: {
        kind: 'coingecko',
        url: url.toString(),
        ids: api.ids,
        headers: apiKey ? { [api.apiKeyHeader ?? 'x-cg-pro-api-key']: apiKey } : {},
        cacheSeconds: integer('prices.coingecko.cacheSeconds', api.cacheSeconds, 30, 0, 3600),
        timeoutMs: integer('prices.coingecko.timeoutMs', api.timeoutMs, 2000, 1, 60_000),
        retries: integer('prices.coingecko.retries', api.retries, 2, 0, 5),
      },
    }
  }
  const table = prices.static ?? {}
  if (!isObject(table)) throw fail('prices.static', 'must map asset ids to prices by currency')
  for (const [asset, byCurrency] of Object.entries(table)) {
    if (!isObject(byCurrency)) throw fail(`prices.static.${asset}`, 'must map currencies to prices')
    for (const [currency, price] of Object.entries(byCurrency)) {
      if (!CURRENCY.test(currency))
        throw fail(`prices.static.${asset}.${currency}`, 'is not a currency (fiat:usd)')
      if (typeof price !== 'string' || !DECIMAL.test(price))
        throw fail(`prices.static.${asset}.${currency}`, 'must be a decimal string, such as "3012.45"')
    }
  }
  return { maxAgeSeconds, source: { kind: 'static', table } }
}
