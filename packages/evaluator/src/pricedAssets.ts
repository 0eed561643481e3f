import { movementsOf } from './computeLimits'
import { tokensCompared } from './fiatInput'
import type { EvaluationRequest, HistoryTransfer } from './generated/evaluationRequest'
import type { Policy } from './generated/policy'

const CURRENCY = /^fiat:[a-z]{3}$/

/**
 * The currencies a set of policies values amounts in (amount criteria and spending limits with a `currency`, at any
 * depth): a caller that keeps prices asks for these only, and for none when the list is empty.
 */
export function currenciesIn(policies: readonly Policy[]): string[] {
  const found = new Set<string>()
  const pending: unknown[] = [...policies]
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if (next === null || typeof next !== 'object') continue
    for (const [key, value] of Object.entries(next)) {
      if (key === 'currency' && typeof value === 'string' && CURRENCY.test(value)) found.add(value)
      else if (typeof value === 'object') pending.push(value)
    }
  }
  return [...found].sort()
}

/**
 * The assets whose prices a decision on `intent` may need in `currencies`: each token an amount criterion may
 * compare, each token the request moves, and the token of each past transfer recorded without its value in one of
 * the currencies (a spending limit values it at today's price). Lowercased, each once.
 */
export function assetsToPrice(
  intent: EvaluationRequest['intent'] | undefined,
  history: readonly HistoryTransfer[] | undefined,
  currencies: readonly string[],
): string[] {
  const assets = new Set<string>()
  if (intent) {
    for (const token of tokensCompared(intent)) assets.add(token.toLowerCase())
    for (const movement of movementsOf(intent, undefined, undefined))
      if (movement.token !== undefined && movement.amount > 0n) assets.add(movement.token.toLowerCase())
  }
  for (const transfer of history ?? []) {
    if (transfer.token === undefined || transfer.amount === '0') continue
    if (currencies.some((currency) => transfer.values?.[currency] === undefined))
      assets.add(transfer.token.toLowerCase())
  }
  return [...assets]
}
