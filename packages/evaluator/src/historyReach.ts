import type { Policy, Window } from './generated/policy'
import { windowStart } from './limitWindow'

/**
 * The first second (unix seconds) that any spending or rate limit of these policies counts back to at `now`, or
 * undefined when none has a limit: a caller that keeps the history hands `evaluate` every transfer since then, and
 * a limit over a longer window than the caller reads would count too little.
 */
export function historyReach(policies: readonly Policy[], now: number): number | undefined {
  let reach: number | undefined
  for (const policy of policies)
    for (const criterion of policy.when) {
      if (criterion.criterion !== 'checkSpendingLimit' && criterion.criterion !== 'checkRateLimit') continue
      const start = windowStart((criterion.args as { window: Window }).window, now)
      if (reach === undefined || start < reach) reach = start
    }
  return reach
}

/**
 * The first seconds (unix seconds) the spending and rate limits of these policies count back to at `now`, each
 * once, earliest first: the windows a caller that sums its history hands `historyTotals` for, one per second.
 */
export function historyWindows(policies: readonly Policy[], now: number): number[] {
  const starts = new Set<number>()
  for (const policy of policies)
    for (const criterion of policy.when) {
      if (criterion.criterion !== 'checkSpendingLimit' && criterion.criterion !== 'checkRateLimit') continue
      starts.add(windowStart((criterion.args as { window: Window }).window, now))
    }
  return [...starts].sort((a, b) => a - b)
}
