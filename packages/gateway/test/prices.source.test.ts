// The HTTP price source against a CoinGecko-compatible server on loopback: exact prices, the cache, bounded
// retries, timeouts, and what an outage, a stale price and a missing price give the evaluator.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { coinGeckoPriceSource } from '../src/signing/prices/coinGeckoPriceSource'
import { type PriceServer, startPriceServer } from './support/priceServer'

const ETH = 'eip155:1/slip44:60'
const USDC = 'eip155:1/erc20:0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48'
const NOW = 1_750_000_000
const ids = { [ETH]: 'ethereum', [USDC]: 'usd-coin' }

let server: PriceServer
beforeAll(async () => {
  server = await startPriceServer()
})
afterAll(() => server.close())
beforeEach(() => {
  server.requests.length = 0
})

const source = (overrides: Partial<Parameters<typeof coinGeckoPriceSource>[0]> = {}) => {
  let now = NOW
  const failures: string[] = []
  const prices = coinGeckoPriceSource({
    url: server.url,
    ids,
    cacheSeconds: 30,
    timeoutMs: 500,
    retries: 2,
    clock: () => new Date(now * 1000),
    onFailure: (error) => failures.push(error.message),
    ...overrides,
  })
  return { prices, failures, advance: (seconds: number) => (now += seconds) }
}

describe('the CoinGecko-compatible price source', () => {
  it('reads prices exactly, stamped with the API’s last update, from one request', async () => {
    server.answer({
      kind: 'prices',
      body: `{"ethereum":{"usd":3012.123456789012345678,"eur":2.8E+3,"last_updated_at":${NOW - 42}},"usd-coin":{"usd":0.99985}}`,
    })
    const { prices } = source()
    expect(await prices.prices([ETH, USDC], ['fiat:usd', 'fiat:eur'])).toEqual({
      [ETH]: {
        'fiat:usd': { price: '3012.123456789012345678', timestamp: NOW - 42 },
        'fiat:eur': { price: '2800', timestamp: NOW - 42 },
      },
      // No last_updated_at: stamped when fetched.
      [USDC]: { 'fiat:usd': { price: '0.99985', timestamp: NOW } },
    })
    expect(server.requests).toHaveLength(1)
    const [request] = server.requests
    expect(request?.searchParams.get('ids')).toBe('ethereum,usd-coin')
    expect(request?.searchParams.get('vs_currencies')).toBe('usd,eur')
    expect(request?.searchParams.get('include_last_updated_at')).toBe('true')
  })

  it('leaves out what it has no price for: an asset without an API id, one the API omits, a malformed price', async () => {
    server.answer({ kind: 'prices', body: '{"ethereum":{"usd":-1},"usd-coin":{"eur":1}}' })
    const { prices } = source()
    expect(
      await prices.prices(
        [ETH, USDC, 'eip155:1/erc20:0x6b175474e89094c44da98b954eedeac495271d0f'],
        ['fiat:usd'],
      ),
    ).toEqual({})
  })

  it('caches each price for cacheSeconds', async () => {
    server.answer({ kind: 'prices', body: `{"ethereum":{"usd":3000,"last_updated_at":${NOW}}}` })
    const { prices, advance } = source()
    await prices.prices([ETH], ['fiat:usd'])
    advance(29)
    await prices.prices([ETH], ['fiat:usd'])
    expect(server.requests).toHaveLength(1)
    advance(1)
    await prices.prices([ETH], ['fiat:usd'])
    expect(server.requests).toHaveLength(2)
  })

  it('retries a 500 a bounded number of times, then throws with nothing cached', async () => {
    server.answer({ kind: 'status', status: 500 })
    const { prices, failures } = source({ retries: 2 })
    await expect(prices.prices([ETH], ['fiat:usd'])).rejects.toThrow('failed after 3 attempts: status 500')
    expect(server.requests).toHaveLength(3)
    expect(failures).toHaveLength(1)
  })

  it('does not retry a 4xx other than 429', async () => {
    server.answer({ kind: 'status', status: 401 })
    await expect(source().prices.prices([ETH], ['fiat:usd'])).rejects.toThrow('answered 401')
    expect(server.requests).toHaveLength(1)
  })

  it('gives up on an API that does not answer within the timeout', async () => {
    server.answer({ kind: 'hang' })
    const started = performance.now()
    await expect(source({ timeoutMs: 100, retries: 1 }).prices.prices([ETH], ['fiat:usd'])).rejects.toThrow(
      'timed out',
    )
    expect(server.requests).toHaveLength(2)
    // Two attempts of 100 ms and one pause of 100 ms, far from hanging.
    expect(performance.now() - started).toBeLessThan(5000)
  })

  it('serves no price fetched longer than cacheSeconds ago while the API fails', async () => {
    server.answer({ kind: 'prices', body: `{"ethereum":{"usd":3000,"last_updated_at":${NOW - 10}}}` })
    const { prices, advance, failures } = source({ retries: 0 })
    await prices.prices([ETH], ['fiat:usd'])
    server.answer({ kind: 'status', status: 503 })
    advance(10)
    // Within the cache's 30 s: served without asking.
    expect(await prices.prices([ETH], ['fiat:usd'])).toEqual({
      [ETH]: { 'fiat:usd': { price: '3000', timestamp: NOW - 10 } },
    })
    advance(20)
    await expect(prices.prices([ETH], ['fiat:usd'])).rejects.toThrow('status 503')
    expect(failures).toEqual(['the price API failed after 1 attempts: status 503'])
  })

  it('throws on a refused connection', async () => {
    const closed = await startPriceServer()
    await closed.close()
    const prices = coinGeckoPriceSource({ url: closed.url, ids, cacheSeconds: 0, timeoutMs: 500, retries: 1 })
    await expect(prices.prices([ETH], ['fiat:usd'])).rejects.toThrow('failed after 2 attempts: no answer')
  })
})
