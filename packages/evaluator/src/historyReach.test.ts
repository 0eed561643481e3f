import { describe, expect, it } from 'vitest'
import { policy } from '../test/policy'
import { historyReach } from './historyReach'

const NOW = Date.parse('2025-03-14T12:00:00Z') / 1000
const limit = (window: unknown) =>
  policy('limited', 'permit', [{ criterion: 'checkSpendingLimit', args: { limit: '1', window } }])

describe('historyReach', () => {
  it('is the earliest start of any limit window, a fixed year or a long rolling window included', () => {
    expect(historyReach([limit({ type: 'fixed', period: 'day' })], NOW)).toBe(Date.parse('2025-03-14') / 1000)
    expect(
      historyReach(
        [limit({ type: 'fixed', period: 'month' }), limit({ type: 'fixed', period: 'year' })],
        NOW,
      ),
    ).toBe(Date.parse('2025-01-01') / 1000)
    const tenYears = 315_360_000
    expect(historyReach([limit({ type: 'rolling', seconds: tenYears })], NOW)).toBe(NOW - tenYears + 1)
  })

  it('is undefined for policies without a limit', () => {
    expect(
      historyReach([policy('any', 'permit', [{ criterion: 'checkAction', args: ['signMessage'] }])], NOW),
    ).toBe(undefined)
  })
})
