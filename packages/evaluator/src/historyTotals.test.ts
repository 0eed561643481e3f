import { emptyEntities } from '@rampart/entities'
import { describe, expect, it } from 'vitest'
import { BINANCE, NORA, entities as northwind, usdcTransfer } from '../test/northwind'
import { policy } from '../test/policy'
import { computeLimits } from './computeLimits'
import { createEvaluator } from './createEvaluator'
import type { EvaluationRequest, HistoryTransfer } from './generated/evaluationRequest'
import type { LimitFilters, Window } from './generated/policy'
import { historyWindows } from './historyReach'
import { sumHistory } from './historyTotals'
import { windowStart } from './limitWindow'
import { prepareEntities } from './prepareEntities'
import type { Bucket } from './preparePolicies'
import { PriceBook } from './priceBook'

const entities = prepareEntities({
  ...emptyEntities(),
  users: [
    { id: 'nora', role: 'member' },
    { id: 'Omar', role: 'manager' },
    { id: 'pia', role: 'admin' },
  ],
})

/** A seeded generator (mulberry32): the same cases on every run, and a failure names its seed. */
function random(seed: number) {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const NOW = 1_800_000_000
const TOKENS = ['eip155:1/slip44:60', 'eip155:1/erc20:0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', undefined]
const PEOPLE = ['nora', 'Omar', 'pia', undefined]
const ACCOUNTS = ['acc-1', 'ACC-2', undefined]
const DESTINATIONS = ['0x70997970C51812dc3A010C7d01b50e0d17dc79C8', `0x${'b'.repeat(40)}`, undefined]
const CHAINS = [0, 1, 137, undefined]
const WINDOWS: Window[] = [
  { type: 'rolling', seconds: 60 },
  { type: 'rolling', seconds: 3_600 },
  { type: 'fixed', period: 'day' },
  { type: 'fixed', period: 'month' },
]
const FILTERS: LimitFilters[] = [
  {},
  { perPrincipal: true },
  { tokens: [TOKENS[0] as string] },
  { chains: [1] },
  { users: ['omar'] },
  { resources: ['acc-2'] },
  { destinations: [(DESTINATIONS[0] as string).toLowerCase()] },
  { roles: ['manager', 'admin'] },
  { tokens: [(TOKENS[1] as string).toLowerCase()], chains: [137] },
]

function pick<T>(next: () => number, list: readonly T[]): T {
  return list[Math.floor(next() * list.length)] as T
}

/** Requests of one to three movements around the windows' first seconds, some without a request id. */
function randomHistory(next: () => number, requests: number): HistoryTransfer[] {
  const boundaries = WINDOWS.map((window) => windowStart(window, NOW))
  const history: HistoryTransfer[] = []
  for (let index = 0; index < requests; index++) {
    const boundary = pick(next, boundaries)
    const timestamp = Math.max(0, boundary + Math.floor(next() * 5) - 2)
    const principal = pick(next, PEOPLE)
    const resource = pick(next, ACCOUNTS)
    const movements = 1 + Math.floor(next() * 3)
    const requestId = next() < 0.2 ? undefined : `request-${index}`
    for (let movement = 0; movement < movements; movement++) {
      // Some amounts near uint256's top: their sums pass it, and only bigint keeps them exact.
      const amount =
        next() < 0.1 ? (2n ** 255n + BigInt(index)).toString() : String(Math.floor(next() * 1000))
      const entry: HistoryTransfer = { amount, timestamp }
      const token = pick(next, TOKENS)
      const chainId = pick(next, CHAINS)
      const to = pick(next, DESTINATIONS)
      if (token !== undefined) entry.token = token
      if (chainId !== undefined) entry.chainId = chainId
      if (principal !== undefined) entry.principal = principal
      if (resource !== undefined) entry.resource = resource
      if (to !== undefined) entry.to = to
      if (requestId !== undefined) entry.requestId = requestId
      history.push(entry)
    }
  }
  return history
}

const buckets: Bucket[] = [
  {
    id: '0',
    policies: [],
    limits: WINDOWS.flatMap((window, w) =>
      FILTERS.map((filters, f) => ({
        k: `${w}-${f}`,
        a: { limit: '1', operator: 'lte' as const, window, filters },
      })),
    ),
    intentFields: [],
  },
]

const request = (extra: Partial<EvaluationRequest>) =>
  ({
    action: 'signTransaction',
    principal: 'Omar',
    resource: 'ACC-2',
    intent: { type: 'nativeTransfer', chainId: 1, amount: '5', token: TOKENS[0], to: DESTINATIONS[0] },
    now: NOW,
    ...extra,
  }) as EvaluationRequest

const starts = WINDOWS.map((window) => windowStart(window, NOW))

describe('historyTotals: the history summed per window', () => {
  it('counts every limit as the history itself does, at the windows’ first seconds and beside them', () => {
    for (let seed = 1; seed <= 40; seed++) {
      const history = randomHistory(random(seed), 60)
      const plain = computeLimits(request({ history }), buckets, entities, 'omar', NOW)
      const totals = sumHistory(history, starts)
      const summed = computeLimits(request({ historyTotals: totals }), buckets, entities, 'omar', NOW)
      expect(summed, `seed ${seed}`).toEqual(plain)
    }
  })

  it('sums in a currency the values each request recorded, as the history itself does, and prices the rest', () => {
    const usd = 'fiat:usd'
    const fiatBuckets: Bucket[] = [
      {
        ...(buckets[0] as Bucket),
        limits: (buckets[0] as Bucket).limits.map((criterion) => ({
          ...criterion,
          a: { ...criterion.a, currency: usd },
        })),
      },
    ]
    const priced = (price: string) => ({ [usd]: { price, timestamp: NOW } })
    const valuation = {
      book: new PriceBook(
        { [TOKENS[0] as string]: priced('2500.5'), [TOKENS[1] as string]: priced('1') },
        NOW,
        300,
      ),
      decimals: { [(TOKENS[1] as string).toLowerCase()]: 6 },
    }
    let recordedSome = false
    for (let seed = 1; seed <= 40; seed++) {
      const next = random(seed)
      // Most entries recorded their value, some (written before prices) did not: those are valued at today's price.
      // A request recorded its values or did not, as a whole: its entries share one decision.
      const decided = new Set<unknown>()
      const unpriced = new Set<unknown>()
      const history = randomHistory(next, 60).map((entry) => {
        const request = entry.requestId ?? entry
        if (!decided.has(request)) {
          decided.add(request)
          if (next() < 0.2) unpriced.add(request)
        }
        if (entry.token !== undefined && unpriced.has(request)) return entry
        const value = `${Math.floor(next() * 100_000)}.${String(Math.floor(next() * 1e6)).padStart(6, '0')}`
        return { ...entry, values: { [usd]: value } }
      })
      const plain = computeLimits(request({ history }), fiatBuckets, entities, 'omar', NOW, valuation)
      const totals = sumHistory(history, starts)
      recordedSome ||= totals.some((window) =>
        window.totals.some((total) => total.movements.some((movement) => movement.values?.[usd])),
      )
      const summed = computeLimits(
        request({ historyTotals: totals }),
        fiatBuckets,
        entities,
        'omar',
        NOW,
        valuation,
      )
      // Recorded values sum exactly. Priced today, the history values each entry rounded up and the totals their
      // sums: up to a millionth less per entry so priced, never more.
      const pricedToday = history.filter((entry) => entry.values === undefined).length
      for (const [key, [total, count]] of Object.entries(plain ?? {})) {
        const [summedTotal, summedCount] = summed?.[key] ?? ['', -1]
        expect(summedCount, `seed ${seed}, limit ${key}`).toBe(count)
        const under = BigInt(total) - BigInt(summedTotal)
        expect(under >= 0n && under <= BigInt(pricedToday), `seed ${seed}, limit ${key}: ${under}`).toBe(true)
      }
      const recorded = history.filter((entry) => entry.values !== undefined)
      expect(
        computeLimits(
          request({ historyTotals: sumHistory(recorded, starts) }),
          fiatBuckets,
          entities,
          'omar',
          NOW,
          valuation,
        ),
        `seed ${seed}`,
      ).toEqual(computeLimits(request({ history: recorded }), fiatBuckets, entities, 'omar', NOW, valuation))
      // The values are what counted: priced today instead (where a token can be), the totals differ.
      const unrecorded = history.map(({ values, ...entry }) =>
        entry.token === undefined ? { ...entry, values } : entry,
      )
      expect(
        computeLimits(request({ history: unrecorded }), fiatBuckets, entities, 'omar', NOW, valuation),
      ).not.toEqual(plain)
    }
    expect(recordedSome).toBe(true)
  })

  it('sums a currency only when every request summed recorded it, and keeps the others apart', () => {
    const usd = 'fiat:usd'
    const entry = (requestId: string, values?: Record<string, string>): HistoryTransfer => ({
      amount: '1000000000000000000',
      timestamp: NOW,
      token: TOKENS[0],
      requestId,
      ...(values ? { values } : {}),
    })
    const both = sumHistory([entry('a', { [usd]: '2500.1' }), entry('b', { [usd]: '10.000001' })], starts)
    expect(both[0]?.totals[0]?.movements[0]?.values).toEqual({ [usd]: '2510.100001' })
    // A request that recorded no value is a total apart, valued at today's price; the other keeps its own.
    const one = sumHistory([entry('a', { [usd]: '2500.1' }), entry('b')], starts)
    expect(one[0]?.totals.map((total) => [total.requests, total.movements[0]?.values])).toEqual([
      [1, { [usd]: '2500.1' }],
      [1, undefined],
    ])
    // Within one request, a transfer that recorded no value leaves the whole movement to today's price.
    const mixed = sumHistory([entry('a', { [usd]: '2500.1' }), entry('a')], starts)
    expect(mixed[0]?.totals[0]?.movements[0]?.values).toBeUndefined()
  })

  it('counts a request whose movements all pass a filter once, and two such requests twice', () => {
    const transfer = (requestId: string, to: string): HistoryTransfer => ({
      amount: '2',
      timestamp: NOW,
      token: TOKENS[0],
      chainId: 1,
      requestId,
      to,
    })
    const history = ['a', 'b'].flatMap((id) => [
      transfer(id, DESTINATIONS[0] as string),
      transfer(id, DESTINATIONS[1] as string),
    ])
    const totals = sumHistory(history, starts)
    // Both requests moved the same things: one total of two requests.
    expect(totals[0]?.totals).toHaveLength(1)
    expect(totals[0]?.totals[0]?.requests).toBe(2)
    const limits = computeLimits(request({ historyTotals: totals }), buckets, entities, 'omar', NOW)
    expect(limits?.['0-0']).toEqual(['13', 3])
  })

  it('leaves out what was stamped a second before the window, and counts its first second', () => {
    const start = starts[0] as number
    const history: HistoryTransfer[] = [
      { amount: '100', timestamp: start - 1 },
      { amount: '7', timestamp: start },
    ]
    const limits = computeLimits(
      request({ historyTotals: sumHistory(history, starts) }),
      buckets,
      entities,
      'omar',
      NOW,
    )
    expect(limits?.['0-0']).toEqual(['12', 2])
  })

  it('refuses to count a limit whose window the totals do not name, or name twice', () => {
    const partial = sumHistory([], starts.slice(1))
    expect(() => computeLimits(request({ historyTotals: partial }), buckets, entities, 'omar', NOW)).toThrow(
      /names no window/,
    )
    const twice = [...sumHistory([], starts), ...sumHistory([], starts.slice(0, 1))]
    expect(() => computeLimits(request({ historyTotals: twice }), buckets, entities, 'omar', NOW)).toThrow(
      /again/,
    )
  })
})

describe('an evaluator handed historyTotals', () => {
  const limited = [
    policy('daily-usdc', 'permit', [
      { criterion: 'checkAction', args: ['signTransaction'] },
      {
        criterion: 'checkSpendingLimit',
        args: { limit: '3000000', window: { type: 'fixed', period: 'day' } },
      },
      { criterion: 'checkRateLimit', args: { limit: 3, window: { type: 'rolling', seconds: 3600 } } },
    ]),
  ]
  const now = 1_741_953_600
  const transfer = usdcTransfer({ principal: NORA, to: BINANCE, amount: 1_000_000n, now })
  const spent = (amount: string, requests: number, at: number): HistoryTransfer[] =>
    Array.from({ length: requests }, (_, index) => ({ amount, timestamp: at, requestId: `r${index}` }))

  it('decides as with the history itself, and refuses when a window is missing', async () => {
    const evaluator = await createEvaluator({ entities: northwind, policies: limited })
    const windows = historyWindows(limited, now)
    expect(windows).toEqual([Math.floor(now / 86_400) * 86_400, now - 3600 + 1])
    for (const history of [
      spent('1000000', 2, now - 10),
      spent('1000000', 3, now - 10),
      spent('2000001', 1, now),
    ]) {
      const plain = evaluator.evaluate({ ...transfer, history }).decision
      const summed = evaluator.evaluate({ ...transfer, historyTotals: sumHistory(history, windows) }).decision
      expect(summed).toBe(plain)
    }
    expect(evaluator.evaluate({ ...transfer, history: spent('1000000', 2, now - 10) }).decision).toBe(
      'Permit',
    )
    expect(evaluator.evaluate({ ...transfer, history: spent('1000000', 3, now - 10) }).decision).toBe(
      'Forbid',
    )
    const missing = evaluator.evaluate({ ...transfer, historyTotals: sumHistory([], windows.slice(1)) })
    expect(missing).toMatchObject({ decision: 'Forbid', reason: { code: 'EVALUATION_FAILED' } })
  })
})
