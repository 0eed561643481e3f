// Spending and rate limits by role (issue #21): "members may spend 1,000 USDC a day, managers 10,000". A limit with
// `filters.roles` counts only the transfers of users who have one of those roles in the entities.
import { describe, expect, it } from 'vitest'
import { createEvaluator, type EvaluationRequest } from '../src'
import { BINANCE, entities, NORA, SOFIA, usdcTransfer } from './northwind'
import { policy } from './policy'

const NOW = Date.parse('2025-03-14T12:00:00Z') / 1000
const USDC = 'eip155:1/erc20:0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48'
const FELIX = 'felix.bauer@northwind.example'
const MARCUS = 'marcus.bell@northwind.example'
const usdc = (amount: number) => BigInt(amount) * 1_000_000n

/** What each role may spend in USDC a day, all of its users together. */
const teamLimit = (role: 'member' | 'manager', limit: number) =>
  policy(`${role}s-daily-usdc`, 'permit', [
    { criterion: 'checkPrincipalRole', args: [role] },
    { criterion: 'checkIntentToken', args: [USDC] },
    {
      criterion: 'checkSpendingLimit',
      args: {
        limit: usdc(limit).toString(),
        window: { type: 'fixed', period: 'day' },
        filters: { tokens: [USDC], roles: [role] },
      },
    },
  ])

const policies = [teamLimit('member', 1_000), teamLimit('manager', 10_000)]

const spent = (principal: string, amount: number): NonNullable<EvaluationRequest['history']>[number] => ({
  amount: usdc(amount).toString(),
  token: USDC,
  principal,
  timestamp: NOW - 3600,
})

describe('limits by role', () => {
  it("counts only the transfers of the role's users", async () => {
    const evaluator = await createEvaluator({ entities, policies })
    const nora = (amount: number, history: EvaluationRequest['history']) =>
      evaluator.evaluate(
        usdcTransfer({ principal: NORA, to: BINANCE, amount: usdc(amount), now: NOW, history }),
      )
    // A manager's 5,000 USDC today is not the members' to count.
    expect(nora(600, [spent(MARCUS, 5_000)])).toMatchObject({
      decision: 'Permit',
      decidingPolicy: 'members-daily-usdc',
    })
    // Another member's 500 is: 1,100 is beyond the members' 1,000.
    expect(nora(600, [spent(FELIX, 500)])).toMatchObject({
      decision: 'Forbid',
      reason: { code: 'NO_MATCHING_PERMIT' },
    })
  })

  it('lets each role spend up to its own limit', async () => {
    const evaluator = await createEvaluator({ entities, policies })
    const sofia = (amount: number, history: EvaluationRequest['history']) =>
      evaluator.evaluate(
        usdcTransfer({ principal: SOFIA, to: BINANCE, amount: usdc(amount), now: NOW, history }),
      )
    // Members spent 1,000 already: managers' transfers count under their own limit only.
    expect(sofia(5_000, [spent(NORA, 1_000), spent(MARCUS, 4_000)])).toMatchObject({
      decision: 'Permit',
      decidingPolicy: 'managers-daily-usdc',
    })
    expect(sofia(5_000, [spent(MARCUS, 5_001)]).decision).toBe('Forbid')
  })

  it('counts a rate limit by role too', async () => {
    const onePerManagerTeam = policy('one-a-day-for-managers', 'permit', [
      { criterion: 'checkIntentToken', args: [USDC] },
      {
        criterion: 'checkRateLimit',
        args: { limit: 1, window: { type: 'rolling', seconds: 86_400 }, filters: { roles: ['manager'] } },
      },
    ])
    const evaluator = await createEvaluator({ entities, policies: [onePerManagerTeam] })
    const request = (principal: string, history: EvaluationRequest['history']) =>
      usdcTransfer({ principal, to: BINANCE, amount: usdc(1), now: NOW, history })
    expect(evaluator.evaluate(request(SOFIA, [spent(NORA, 1)])).decision).toBe('Permit')
    expect(evaluator.evaluate(request(SOFIA, [spent(MARCUS, 1)])).decision).toBe('Forbid')
    // A member's own request is not a manager's: it does not count, and one past manager transfer is within 1.
    expect(evaluator.evaluate(request(NORA, [spent(MARCUS, 1)])).decision).toBe('Permit')
  })
})
