import { describe, expect, it } from 'vitest'
import { parsePrices } from './parsePrices'

const fail = (setting: string, message: string) => new Error(`${setting}: ${message}`)
const ETH = 'eip155:1/slip44:60'

describe('parsePrices', () => {
  it('defaults to an empty static table and a maximum age of 300 s', () => {
    expect(parsePrices(undefined, {}, fail)).toEqual({
      maxAgeSeconds: 300,
      source: { kind: 'static', table: {} },
    })
    expect(parsePrices({ maxAgeSeconds: 60, static: { [ETH]: { 'fiat:usd': '3000.5' } } }, {}, fail)).toEqual(
      {
        maxAgeSeconds: 60,
        source: { kind: 'static', table: { [ETH]: { 'fiat:usd': '3000.5' } } },
      },
    )
  })

  it('reads a CoinGecko-compatible API, its key from the environment', () => {
    const file = { coingecko: { url: 'https://api.coingecko.com/api/v3', ids: { [ETH]: 'ethereum' } } }
    expect(parsePrices(file, { RAMPART_PRICE_API_KEY: 'k' }, fail)).toEqual({
      maxAgeSeconds: 300,
      source: {
        kind: 'coingecko',
        url: 'https://api.coingecko.com/api/v3',
        ids: { [ETH]: 'ethereum' },
        headers: { 'x-cg-pro-api-key': 'k' },
        cacheSeconds: 30,
        timeoutMs: 2000,
        retries: 2,
      },
    })
  })

  it.each([
    ['x', 'prices: must be an object'],
    [{ maxAgeSeconds: -1 }, 'prices.maxAgeSeconds: must be an integer from 0 to 86400'],
    [{ static: {}, coingecko: {} }, 'prices: name one source'],
    [{ static: { [ETH]: { 'fiat:usd': 3000 } } }, `prices.static.${ETH}.fiat:usd: must be a decimal string`],
    [{ static: { [ETH]: { usd: '1' } } }, `prices.static.${ETH}.usd: is not a currency`],
    [
      { coingecko: { url: 'ftp://x', ids: { [ETH]: 'ethereum' } } },
      'prices.coingecko.url: must be an http(s) URL',
    ],
    [{ coingecko: { url: 'https://x.example', ids: {} } }, 'prices.coingecko.ids: must map'],
    [{ coingecko: { url: 'https://x.example', ids: { [ETH]: 'Ether eum' } } }, `prices.coingecko.ids.${ETH}`],
    [
      { coingecko: { url: 'https://x.example', ids: { [ETH]: 'ethereum' }, retries: 9 } },
      'prices.coingecko.retries',
    ],
  ])('refuses a bad setting, naming it (%#)', (file, message) => {
    expect(() => parsePrices(file, {}, fail)).toThrow(message)
  })
})
