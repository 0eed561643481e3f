import { readFileSync } from 'node:fs'
import { type HistoryTransfer, type HistoryWindow, sumHistory, toFiatUnits } from '@rampart/evaluator'
import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { signingRequests } from '../src/core/database/actionsSchema'
import { rebuildTotals, recordMovements, replaceMovements } from '../src/signing/pipeline/limitMovements'
import { loadHistoryTotals } from '../src/signing/pipeline/loadHistory'
import { policy } from './support/signingClient'
import { registerTestClient } from './support/testGateway'
import { useSigningGateway } from './support/useTestGateway'

const setup = useSigningGateway({
  policies: [policy('none', 'forbid', [{ criterion: 'checkNonceNotExists' }])],
})

/** A seeded generator (mulberry32): the same histories on every run, and a failure names its seed. */
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
const pick = <T>(next: () => number, list: readonly T[]) => list[Math.floor(next() * list.length)] as T

const NOW = 1_800_000_000
const STARTS = [NOW - 59, NOW - 3599, Math.floor(NOW / 86_400) * 86_400]
const TOKENS = ['eip155:1/slip44:60', 'eip155:1/erc20:0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', undefined]
const DESTINATIONS = ['0x70997970C51812dc3A010C7d01b50e0d17dc79C8', `0x${'b'.repeat(40)}`, undefined]

/** Requests as the pipeline records them: one to three movements, one stamp, principal and resource each. */
function randomRequests(next: () => number, prefix: string, count: number): HistoryTransfer[][] {
  return Array.from({ length: count }, (_, index) => {
    const timestamp = pick(next, STARTS) + Math.floor(next() * 5) - 2
    const principal = pick(next, ['alice', 'Bob'])
    const resource = pick(next, ['acc-1', 'ACC-2', undefined])
    // Most requests recorded their value in dollars (some in euros too), others were decided before prices were.
    const currencies = pick(next, [[], ['fiat:usd'], ['fiat:usd'], ['fiat:usd', 'fiat:eur']])
    return Array.from({ length: 1 + Math.floor(next() * 3) }, () => {
      const amount =
        next() < 0.1 ? (2n ** 255n + BigInt(index)).toString() : String(Math.floor(next() * 1000))
      const entry: HistoryTransfer = { amount, timestamp, principal, requestId: `${prefix}-${index}` }
      const token = pick(next, TOKENS)
      const chainId = pick(next, [0, 1, 137, undefined])
      const to = pick(next, DESTINATIONS)
      if (token !== undefined) entry.token = token
      if (chainId !== undefined) entry.chainId = chainId
      if (resource !== undefined) entry.resource = resource
      if (to !== undefined) entry.to = to
      if (currencies.length > 0)
        entry.values = Object.fromEntries(
          currencies.map((currency) => [
            currency,
            `${Math.floor(next() * 10 ** 6)}.${Math.floor(next() * 999_999)}`,
          ]),
        )
      return entry
    })
  })
}

/**
 * Windows in one form whatever grouped them: totals of the same movements, recording values in the same currencies,
 * merged (requests, amounts and values added). Summing in JS merges every request of a shape; the backfill keeps a
 * request of several movements apart.
 */
function canonical(windows: HistoryWindow[]) {
  return windows.map(({ since, totals }) => {
    const merged = new Map<string, { requests: number; amounts: Map<string, bigint> }>()
    for (const total of totals) {
      const keyed = total.movements.flatMap(({ amount, values, ...kind }) => {
        const key = JSON.stringify(kind, Object.keys(kind).sort())
        const recorded = Object.keys(values ?? {}).sort()
        return [
          [`${key} ${recorded.join(' ')}`, BigInt(amount)] as const,
          ...recorded.map(
            (currency) => [`${key} ${currency}`, toFiatUnits(values?.[currency] ?? '')] as const,
          ),
        ]
      })
      const shape = keyed
        .map(([key]) => key)
        .sort()
        .join('|')
      const entry = merged.get(shape) ?? { requests: 0, amounts: new Map() }
      entry.requests += total.requests
      for (const [key, amount] of keyed) entry.amounts.set(key, (entry.amounts.get(key) ?? 0n) + amount)
      merged.set(shape, entry)
    }
    const sorted = [...merged.entries()].sort(([a], [b]) => (a < b ? -1 : 1))
    return {
      since,
      totals: sorted.map(([shape, { requests, amounts }]) => ({
        shape,
        requests,
        amounts: [...amounts].sort(),
      })),
    }
  })
}

const statements = (file: string) =>
  readFileSync(new URL(`../migrations/${file}`, import.meta.url), 'utf8').split('--> statement-breakpoint')
// The backfills: 0006's last two statements (the movements from the requests' history, and their hourly sums), and
// 0007's last four (the recorded values beside them, their shapes, and the hourly sums afresh).
const BACKFILL = [
  ...statements('0006_limit_movements.sql').slice(-2),
  ...statements('0007_limit_values.sql').slice(-4),
]

describe('the sums limits read from the database', () => {
  it('equal the history summed by the evaluator, as the pipeline writes them and as the migration backfills them', async () => {
    const db = setup.gateway.database.db
    const clients: { clientId: string; history: HistoryTransfer[] }[] = []
    for (let seed = 1; seed <= 4; seed++) {
      const { clientId } = await registerTestClient(setup.gateway)
      const requests = randomRequests(random(seed), clientId, 150)
      await db.insert(signingRequests).values(
        requests.map((history, index) => ({
          rowId: `${clientId}-${index}`,
          requestId: `${clientId}-${index}`,
          kind: 'evm.sendTransaction',
          clientId,
          connectionId: setup.connectionId,
          provider: 'local',
          idempotenceId: `${clientId}-${index}`,
          bodyHash: 'seeded',
          status: 'signed',
          principal: 'alice-key',
          body: {},
          approvals: [],
          history: history as unknown as Record<string, unknown>[],
          createdAt: new Date(),
          updatedAt: new Date(),
        })),
      )
      for (const [index, history] of requests.entries())
        await recordMovements(db, `${clientId}-${index}`, clientId, history)
      // Every seventh request fails at the provider: it stops counting, as its history is cleared.
      const failed = (index: number) => index % 7 === 3
      for (const index of requests.keys())
        if (failed(index)) {
          await replaceMovements(db, `${clientId}-${index}`, clientId, null)
          await db
            .update(signingRequests)
            .set({ history: null })
            .where(eq(signingRequests.rowId, `${clientId}-${index}`))
        }
      const counted = requests.filter((_, index) => !failed(index))
      const expected = canonical(sumHistory(counted.flat(), STARTS))
      expect(canonical(await loadHistoryTotals(db, clientId, STARTS)), `seed ${seed}`).toEqual(expected)
      clients.push({ clientId, history: counted.flat() })
    }
    await db.transaction(async (tx) => {
      await tx.execute(sql`delete from limit_movements`)
      await tx.execute(sql`delete from limit_totals`)
      for (const statement of BACKFILL) await tx.execute(sql.raw(statement))
    })
    for (const { clientId, history } of clients) {
      const expected = canonical(sumHistory(history, STARTS))
      expect(canonical(await loadHistoryTotals(db, clientId, STARTS)), `backfilled ${clientId}`).toEqual(
        expected,
      )
    }
  })

  it("leave a value out, to today's price, when it sums fewer requests than the amounts", async () => {
    const db = setup.gateway.database.db
    const { clientId } = await registerTestClient(setup.gateway)
    const entry = (index: number): HistoryTransfer => ({
      amount: '1000',
      timestamp: NOW,
      token: TOKENS[0],
      requestId: `${clientId}-${index}`,
      values: { 'fiat:usd': '2.5' },
    })
    for (const index of [0, 1]) {
      await db.insert(signingRequests).values({
        rowId: `${clientId}-${index}`,
        requestId: `${clientId}-${index}`,
        kind: 'evm.sendTransaction',
        clientId,
        connectionId: setup.connectionId,
        provider: 'local',
        idempotenceId: `${clientId}-${index}`,
        bodyHash: 'seeded',
        status: 'signed',
        principal: 'alice-key',
        body: {},
        approvals: [],
        history: [entry(index)] as unknown as Record<string, unknown>[],
        createdAt: new Date(),
        updatedAt: new Date(),
      })
      await recordMovements(db, `${clientId}-${index}`, clientId, [entry(index)])
    }
    const [window] = await loadHistoryTotals(db, clientId, [NOW - 59])
    expect(window?.totals).toEqual([
      { requests: 2, movements: [{ amount: '2000', token: TOKENS[0], values: { 'fiat:usd': '5.0' } }] },
    ])
    // One request's value row lost (a repair gone wrong): the sum of values would count it as worth nothing.
    await db.execute(sql`delete from limit_movements where row_id = ${`${clientId}-1`} and currency <> ''`)
    await rebuildTotals(db, clientId)
    const [partial] = await loadHistoryTotals(db, clientId, [NOW - 59])
    expect(partial?.totals).toEqual([{ requests: 2, movements: [{ amount: '2000', token: TOKENS[0] }] }])
  })
})
