// Criteria and limits in a currency: amounts valued at the prices given with the request, exactly, and a refusal
// (PRICE_UNAVAILABLE), never a permit, when a price a candidate needs is missing or older than the maximum age.
import { describe, expect, it } from 'vitest'
import { createEvaluator, type EvaluationRequest, requestHistory } from '../src'
import {
  BINANCE,
  decodeIntent,
  entities,
  erc20TransferRpc,
  NORA,
  TREASURY_HOT,
  USDC,
  usdcTransfer,
} from './northwind'
import { policy } from './policy'

const NOW = Date.parse('2025-03-14T12:00:00Z') / 1000
const USDC_ID = `eip155:1/erc20:${USDC.toLowerCase()}`
const ETH_ID = 'eip155:1/slip44:60'
const DAI = '0x6B175474E89094C44Da98b954EedeAC495271d0F'
const DAI_ID = `eip155:1/erc20:${DAI.toLowerCase()}`
const usd = (price: string, age = 10) => ({ 'fiat:usd': { price, timestamp: NOW - age } })
const PRICES = { [USDC_ID]: usd('0.9998'), [ETH_ID]: usd('3000'), [DAI_ID]: usd('1.0002') }
const usdc = (whole: number) => BigInt(whole) * 1_000_000n

const withPrices = (
  request: EvaluationRequest,
  prices: EvaluationRequest['prices'] = PRICES,
): EvaluationRequest => ({ ...request, prices })
const transfer = (amount: bigint, extra: Partial<EvaluationRequest> = {}) => ({
  ...withPrices(usdcTransfer({ principal: NORA, to: BINANCE, amount, now: NOW })),
  ...extra,
})
const ethTransfer = (wei: bigint) =>
  decodeIntent({
    method: 'eth_sendTransaction',
    params: [{ from: TREASURY_HOT, to: BINANCE, chainId: 1, value: `0x${wei.toString(16)}` }],
  })

const underTenThousandUsd = policy('under-10k-usd', 'permit', [
  { criterion: 'checkAction', args: ['signTransaction'] },
  { criterion: 'checkIntentAmount', args: { operator: 'lte', value: '10000', currency: 'fiat:usd' } },
])
const nothingAboveFiftyThousandUsd = policy('above-50k-usd', 'forbid', [
  { criterion: 'checkIntentAmount', args: { operator: 'gt', value: '50000', currency: 'fiat:usd' } },
])
const anything = policy('anything', 'permit', [{ criterion: 'checkAction', args: ['signTransaction'] }])
const fiftyThousandUsdADay = policy('50k-usd-a-day', 'permit', [
  { criterion: 'checkAction', args: ['signTransaction'] },
  {
    criterion: 'checkSpendingLimit',
    args: { limit: '50000', currency: 'fiat:usd', window: { type: 'fixed', period: 'day' } },
  },
])

describe('amount criteria in a currency', async () => {
  const evaluator = await createEvaluator({ entities, policies: [underTenThousandUsd] })

  it('compare the value at the request’s price, exactly', () => {
    // 10,002 USDC at 0.9998 USD is 9,999.9996 USD; 10,003 USDC is 10,000.9994 USD.
    expect(evaluator.evaluate(transfer(usdc(10_002))).decision).toBe('Permit')
    expect(evaluator.evaluate(transfer(usdc(10_003))).reason.code).toBe('NO_MATCHING_PERMIT')
    // The native currency: 3.333… ETH at 3000 USD is the most under 10,000 USD.
    const eth = (wei: bigint) => ({
      principal: NORA,
      decoded: { action: 'eth_sendTransaction', intent: ethTransfer(wei) },
      prices: PRICES,
      now: NOW,
    })
    expect(evaluator.decide(eth(3_333_333_333_333_333_333n)).decision.decision).toBe('Permit')
    expect(evaluator.decide(eth(3_333_333_333_333_333_334n)).decision.reason.code).toBe('NO_MATCHING_PERMIT')
  })

  it('refuse without a price, or with a stale one, through decide and evaluate', () => {
    const input = (prices: EvaluationRequest['prices']) => ({
      principal: NORA,
      decoded: {
        action: 'eth_sendTransaction',
        intent: decodeIntent(erc20TransferRpc(TREASURY_HOT, USDC, BINANCE, usdc(1))),
      },
      prices,
      now: NOW,
    })
    const missing = evaluator.decide(input({ [ETH_ID]: usd('3000') })).decision
    expect(missing).toMatchObject({ decision: 'Forbid', reason: { code: 'PRICE_UNAVAILABLE' } })
    expect(missing.reason.message).toContain(`no price of ${USDC_ID} in fiat:usd`)
    const none = evaluator.decide({ ...input(undefined) }).decision
    expect(none.reason.code).toBe('PRICE_UNAVAILABLE')
    const stale = evaluator.decide(input({ [USDC_ID]: usd('1', 301) })).decision
    expect(stale).toMatchObject({ decision: 'Forbid', reason: { code: 'PRICE_UNAVAILABLE' } })
    expect(stale.reason.errors).toEqual([
      {
        path: `/prices/${USDC_ID.replace('/', '~1')}/fiat:usd/timestamp`,
        message: expect.stringContaining('301 s old'),
      },
    ])
    expect(evaluator.decide(input({ [USDC_ID]: usd('1', 300) })).decision.decision).toBe('Permit')
  })

  it('a forbid in a currency that lacks its price still refuses what another policy permits', async () => {
    const guarded = await createEvaluator({ entities, policies: [anything, nothingAboveFiftyThousandUsd] })
    expect(guarded.evaluate(transfer(usdc(1))).decision).toBe('Permit')
    expect(guarded.evaluate(transfer(usdc(50_011))).reason.code).toBe('FORBIDDEN_BY_POLICY')
    expect(guarded.evaluate(transfer(usdc(1), { prices: {} })).reason.code).toBe('PRICE_UNAVAILABLE')
  })

  it('a price table is read case-insensitively, and only when a candidate values something', async () => {
    const upper = { [USDC_ID.toUpperCase().replace('EIP155', 'eip155')]: usd('1') }
    expect(evaluator.evaluate(transfer(usdc(1), { prices: upper })).decision).toBe('Permit')
    const plain = await createEvaluator({ entities, policies: [anything] })
    expect(plain.evaluate(transfer(usdc(1), { prices: {} })).decision).toBe('Permit')
  })

  it('the maximum age is an option', async () => {
    const strict = await createEvaluator({ entities, policies: [underTenThousandUsd], priceMaxAge: 5 })
    expect(strict.evaluate(transfer(usdc(1))).reason.code).toBe('PRICE_UNAVAILABLE')
    await expect(createEvaluator({ entities, policies: [], priceMaxAge: -1 })).rejects.toThrow(/priceMaxAge/)
  })
})

describe('spending limits in a currency', async () => {
  const evaluator = await createEvaluator({ entities, policies: [fiftyThousandUsdADay] })
  const spent = (values: Record<string, string> | undefined, token = DAI_ID, amount = '1') => [
    { amount, token, chainId: 1, principal: NORA, timestamp: NOW - 60, ...(values ? { values } : {}) },
  ]

  it('sum each past transfer at its recorded value and this request at its prices, across tokens', () => {
    // 45,000 USD recorded, then 5,001 USDC at 0.9998 USD (4,999.9998 USD): 49,999.9998 USD, within.
    const history = spent({ 'fiat:usd': '45000' })
    expect(evaluator.evaluate(transfer(usdc(5_001), { history })).decision).toBe('Permit')
    // 5,002 USDC is 5,000.9996 USD: over the day's 50,000 USD.
    expect(evaluator.evaluate(transfer(usdc(5_002), { history })).decision).toBe('Forbid')
    // The recorded value counts, not today's price of the same amount (1 DAI base unit).
    expect(
      evaluator.evaluate(transfer(usdc(5_002), { history: spent({ 'fiat:usd': '0.01' }) })).decision,
    ).toBe('Permit')
  })

  it('value a past transfer recorded without its value at the request’s price, and refuse when it has none', () => {
    const history = spent(undefined, DAI_ID, (45_000n * 10n ** 18n).toString())
    // 45,000 DAI at 1.0002 USD is 45,009 USD; 4,990 USDC at 0.9998 is 4,989.0020 USD: 49,998.002 USD.
    expect(evaluator.evaluate(transfer(usdc(4_990), { history })).decision).toBe('Permit')
    expect(evaluator.evaluate(transfer(usdc(4_992), { history })).decision).toBe('Forbid')
    const withoutDai = { [USDC_ID]: usd('1') }
    expect(evaluator.evaluate(transfer(usdc(1), { history, prices: withoutDai })).reason.code).toBe(
      'PRICE_UNAVAILABLE',
    )
  })

  it('record what the request moved at its prices, rounded up to millionths', () => {
    const request = transfer(usdc(1_234))
    const [entry] = requestHistory(request, NORA, 'r1', { [USDC_ID]: 6 })
    // 1,234 USDC at 0.9998 USD.
    expect(entry?.values).toEqual({ 'fiat:usd': '1233.7532' })
    // Without the token's decimals, or a price, nothing is recorded: the limit values it later, or refuses.
    expect(requestHistory(request, NORA, 'r1')[0]?.values).toBeUndefined()
    expect(
      requestHistory({ ...request, prices: {} }, NORA, 'r1', { [USDC_ID]: 6 })[0]?.values,
    ).toBeUndefined()
  })
})
