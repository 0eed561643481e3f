// Policies in a currency through the gateway (the signing route, and /evaluate), priced by a CoinGecko-compatible server on loopback:
// a missing price, a stale one and a price-source outage (500, timeout, refused connection) each refuse the request
// with PRICE_UNAVAILABLE; a fresh price permits, and the permitted transfer is recorded with its value, which the
// daily limit sums later at that price, not today's.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signingRequests } from '../src/core/database/actionsSchema'
import { type PriceServer, startPriceServer } from './support/priceServer'
import { ONE_ETH, policy, sendEth, testAddress } from './support/signingClient'
import { useSigningGateway } from './support/useTestGateway'

const ETH = 'eip155:1/slip44:60'
const HALF_AN_ETH = (5n * 10n ** 17n).toString()
const now = () => Math.floor(Date.now() / 1000)
const ethAt = (usd: string, age = 0) =>
  ({ kind: 'prices', body: `{"ethereum":{"usd":${usd},"last_updated_at":${now() - age}}}` }) as const

let server: PriceServer
beforeAll(async () => {
  server = await startPriceServer()
})
afterAll(() => server.close())

const setup = useSigningGateway(() => ({
  policies: [
    policy('eth-under-10k-usd-and-5k-usd-a-day', 'permit', [
      { criterion: 'checkAction', args: ['signTransaction'] },
      { criterion: 'checkIntentAmount', args: { operator: 'lte', value: '10000', currency: 'fiat:usd' } },
      {
        criterion: 'checkSpendingLimit',
        args: { limit: '5000', currency: 'fiat:usd', window: { type: 'rolling', seconds: 86_400 } },
      },
    ]),
  ],
  config: {
    prices: {
      maxAgeSeconds: 300,
      source: {
        kind: 'coingecko',
        url: server.url,
        ids: { [ETH]: 'ethereum' },
        headers: {},
        cacheSeconds: 0,
        timeoutMs: 200,
        retries: 1,
      },
    },
  },
}))

let sequence = 0
const send = (wei: string) => sendEth(setup, wei, `prices-${++sequence}`)
const reasonOf = (response: { json: () => unknown }) =>
  (
    response.json() as {
      context?: { evaluation?: { decision?: { reason?: { code?: string; message?: string } } } }
    }
  ).context?.evaluation?.decision?.reason

describe('a policy in a currency, through the signing route', () => {
  it('refuses a request without a price for what it moves', async () => {
    server.answer({ kind: 'prices', body: '{}' })
    const response = await send(ONE_ETH)
    expect(response.statusCode, response.body).toBe(403)
    expect(reasonOf(response)).toMatchObject({ code: 'PRICE_UNAVAILABLE' })
    expect(reasonOf(response)?.message).toContain(`no price of ${ETH} in fiat:usd`)
  })

  it('refuses a request whose price is older than the maximum age', async () => {
    server.answer(ethAt('3000', 301))
    const response = await send(ONE_ETH)
    expect(response.statusCode, response.body).toBe(403)
    expect(reasonOf(response)?.code).toBe('PRICE_UNAVAILABLE')
    expect(reasonOf(response)?.message).toMatch(/more than the maximum age of 300 s/)
  })

  it('refuses every request while the price source fails: 500, timeout', async () => {
    server.answer({ kind: 'status', status: 500 })
    const failed = await send(ONE_ETH)
    expect(failed.statusCode, failed.body).toBe(403)
    expect(reasonOf(failed)?.code).toBe('PRICE_UNAVAILABLE')
    server.answer({ kind: 'hang' })
    const timedOut = await send(ONE_ETH)
    expect(timedOut.statusCode, timedOut.body).toBe(403)
    expect(reasonOf(timedOut)?.code).toBe('PRICE_UNAVAILABLE')
  })

  it('permits at a fresh price, and records the transfer’s value with it', async () => {
    server.answer(ethAt('3000.10'))
    const over = await send((4n * 10n ** 18n).toString())
    expect(over.statusCode, over.body).toBe(403)
    expect(reasonOf(over)?.code).toBe('NO_MATCHING_PERMIT')
    const response = await send(ONE_ETH)
    expect(response.statusCode, response.body).toBe(201)
    const [row] = await setup.gateway.database.db
      .select({ history: signingRequests.history })
      .from(signingRequests)
      .where(eq(signingRequests.requestId, response.json().data.requestId))
    expect(row?.history).toMatchObject([{ amount: ONE_ETH, token: ETH, values: { 'fiat:usd': '3000.1' } }])
  })

  it('sums the recorded value in the daily limit, not the value at today’s price', async () => {
    // 3,000.10 USD recorded; 1 ETH at 2,000 USD more is 5,000.10 USD, over 5,000 (at today's price the first would
    // count 2,000 and the total 4,000 would pass).
    server.answer(ethAt('2000'))
    const response = await send(ONE_ETH)
    expect(response.statusCode, response.body).toBe(403)
    expect(reasonOf(response)?.code).toBe('NO_MATCHING_PERMIT')
    expect((await send(HALF_AN_ETH)).statusCode).toBe(201)
  })

  it('decides /evaluate the same way', async () => {
    const evaluate = async () => {
      const request = {
        method: 'eth_sendTransaction',
        params: [{ from: testAddress, to: testAddress, chainId: '0x1', value: '0x3782dace9d90000' }],
      }
      const response = await setup.call('POST', '/evaluate', { request })
      expect(response.statusCode, response.body).toBe(200)
      return response.json().data.attestation.decision as { decision: string; reason: { code: string } }
    }
    server.answer({ kind: 'prices', body: '{"usd-coin":{"usd":1}}' })
    expect((await evaluate()).reason.code).toBe('PRICE_UNAVAILABLE')
    // 0.25 ETH at 2,000 USD: 500 USD more than the 4,000.10 spent today, within 5,000.
    server.answer(ethAt('2000'))
    expect((await evaluate()).decision).toBe('Permit')
  })

  it('refuses when the price source refuses connections', async () => {
    await server.close()
    const response = await send('1')
    expect(response.statusCode, response.body).toBe(403)
    expect(reasonOf(response)?.code).toBe('PRICE_UNAVAILABLE')
  })
})
