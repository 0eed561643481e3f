import type { BaseUnitCondition } from './baseUnitCondition'
import { fiatCondition, fiatUnitsOf } from './fiatValue'
import type { EvaluationRequest } from './generated/evaluationRequest'
import type { Operator } from './generated/policy'
import { nativeAsset, type PriceBook, PriceUnavailable } from './priceBook'

/** An amount criterion in a currency, as normalizeCriterion states it: the library reads input.fiat[fiat]. */
export interface FiatAmountCondition {
  fiat: string
  currency: string
  operator: Operator
  value: string
}

/** What input.fiat holds for one condition: the condition in base units per token moved, as a token-unit one. */
export interface FiatThresholds {
  byToken: Record<string, BaseUnitCondition>
  native?: BaseUnitCondition
}

/** The native currency has 18 decimals on every EIP-155 chain. */
const NATIVE_DECIMALS = 18

type Intent = NonNullable<EvaluationRequest['intent']>

/**
 * Thresholds already stated, by condition, token decimals and price: prices change far less often than requests come,
 * and stating one takes bigint divisions. Started over once it holds STATED_KEPT of them.
 */
const stated = new Map<string, BaseUnitCondition>()
const STATED_KEPT = 10_000

function statedAt(condition: FiatAmountCondition, price: string, decimals: number): BaseUnitCondition {
  const key = `${condition.fiat} ${decimals} ${price}`
  let found = stated.get(key)
  if (found === undefined) {
    if (stated.size >= STATED_KEPT) stated.clear()
    found = fiatCondition(condition.operator, condition.value, price, decimals)
    stated.set(key, found)
  }
  return found
}

/** The key a currency amount condition is known by in input.fiat: the same condition shares it. */
export const fiatKey = (currency: string, operator: Operator, value: string) =>
  `${currency} ${operator} ${value}`

/** The decimals of an asset: the native currency's, or the entities' token's; throws when the entities lack it. */
export function decimalsOf(asset: string, decimals: Record<string, number>): number {
  const lowered = asset.toLowerCase()
  if (lowered.endsWith('/slip44:60')) return NATIVE_DECIMALS
  const places = decimals[lowered]
  if (places === undefined) {
    throw new PriceUnavailable(
      `${asset} is no token of the entities: its decimals, and so its value, are unknown`,
      '/intent',
    )
  }
  return places
}

/**
 * The tokens whose amounts an amount criterion may compare in a request, at any depth: each intent's token, each of
 * its transfers' and allowances' tokens, and the native currency where an intent moves a value and names no token.
 * A loop, not recursion, as movementsOf.
 */
export function tokensCompared(intent: Intent): string[] {
  const tokens = new Set<string>()
  const pending: Intent[] = [intent]
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if (next.intents) for (const call of next.intents) pending.push(call as Intent)
    if (typeof next.token === 'string') tokens.add(next.token)
    else if (next.value !== undefined) tokens.add(nativeAsset(next.chainId))
    for (const listed of [next.transfers, next.approvals])
      if (listed) for (const item of listed) if (typeof item.token === 'string') tokens.add(item.token)
  }
  return [...tokens]
}

/**
 * The thresholds the library compares currency amount conditions with, per condition key: for each token the
 * request may compare, the condition in its base units at the request's price. Any price missing or stale, and any
 * token whose decimals are unknown, throws PriceUnavailable: every criterion in a currency is then unknown, and a
 * forbid that cannot be checked must not be skipped, so the whole request is refused.
 */
export function fiatThresholds(
  conditions: readonly FiatAmountCondition[],
  intent: Intent | undefined,
  book: PriceBook,
  decimals: Record<string, number>,
): Record<string, FiatThresholds> {
  const thresholds: Record<string, FiatThresholds> = {}
  const tokens = intent ? tokensCompared(intent) : []
  const native = intent ? nativeAsset(intent.chainId) : undefined
  for (const condition of conditions) {
    if (thresholds[condition.fiat]) continue
    const { currency } = condition
    const byToken: Record<string, BaseUnitCondition> = {}
    for (const token of tokens) {
      const threshold = statedAt(condition, book.price(token, currency), decimalsOf(token, decimals))
      byToken[token] = threshold
      byToken[token.toLowerCase()] = threshold
    }
    const entry: FiatThresholds = { byToken }
    // The library reads `native` for an intent that pays in the native currency of the request's chain.
    if (native !== undefined && tokens.some((token) => token.toLowerCase().endsWith('/slip44:60')))
      entry.native = statedAt(condition, book.price(native, currency), NATIVE_DECIMALS)
    thresholds[condition.fiat] = entry
  }
  return thresholds
}

/** The value of one movement in millionths of `currency`, rounded up; an amount of 0 is worth 0 without a price. */
export function movementValue(
  amount: bigint,
  token: string | undefined,
  currency: string,
  book: PriceBook,
  decimals: Record<string, number>,
): bigint {
  if (amount === 0n) return 0n
  if (token === undefined) throw new PriceUnavailable('a movement names no token to price', '/intent')
  return fiatUnitsOf(amount, book.price(token, currency), decimalsOf(token, decimals))
}
