// Calendar windows (issue #21): checkRequestTime on the request's local day and time in an IANA time zone, daylight
// saving included. "Outside business hours (Europe/Zurich), every transfer needs a second approver."
import { describe, expect, it } from 'vitest'
import { createEvaluator, EvaluatorError } from '../src'
import { BINANCE, entities, NORA, PRIYA, usdcTransfer } from './northwind'
import { policy } from './policy'

const at = (iso: string) => Date.parse(iso) / 1000
const USDC = 'eip155:1/erc20:0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48'

const businessHours = (timeZone: string, from: string, to: string) => ({
  timeZone,
  windows: [{ days: ['mon', 'tue', 'wed', 'thu', 'fri'], from, to }],
})

/** In hours a transfer is permitted; outside, it needs a second approver from the admins. */
function secondApproverAfterHours(timeZone: string, from: string, to: string) {
  const { windows } = businessHours(timeZone, from, to)
  return [
    policy('in-hours', 'permit', [
      { criterion: 'checkIntentToken', args: [USDC] },
      { criterion: 'checkRequestTime', args: { timeZone, within: windows } },
    ]),
    policy('after-hours', 'permit', [
      { criterion: 'checkIntentToken', args: [USDC] },
      { criterion: 'checkRequestTime', args: { timeZone, outside: windows } },
      {
        criterion: 'checkApprovals',
        args: [
          { approvalCount: 1, approvalEntityType: 'userRole', entityIds: ['admin'], countPrincipal: false },
        ],
      },
    ]),
  ]
}

describe('checkRequestTime', () => {
  it('asks for a second approver outside business hours in Zurich, across the change to summer time', async () => {
    const evaluator = await createEvaluator({
      entities,
      policies: secondApproverAfterHours('Europe/Zurich', '08:00', '18:00'),
    })
    const transfer = (iso: string, approvals?: string[]) =>
      evaluator.evaluate(
        usdcTransfer({ principal: NORA, to: BINANCE, amount: 1_000_000n, now: at(iso), approvals }),
      )
    // 06:30 UTC is 07:30 in winter (CET), 08:30 in summer (CEST, from 30 March).
    expect(transfer('2025-03-24T06:30:00Z')).toMatchObject({
      decision: 'Confirm',
      decidingPolicy: 'after-hours',
    })
    expect(transfer('2025-03-31T06:30:00Z')).toMatchObject({ decision: 'Permit', decidingPolicy: 'in-hours' })
    // 16:30 UTC is 17:30 in winter, 18:30 in summer.
    expect(transfer('2025-03-24T16:30:00Z')).toMatchObject({ decision: 'Permit', decidingPolicy: 'in-hours' })
    expect(transfer('2025-03-31T16:30:00Z')).toMatchObject({
      decision: 'Confirm',
      decidingPolicy: 'after-hours',
    })
    // A Saturday at noon, approved by an admin.
    expect(transfer('2025-03-29T11:00:00Z', [PRIYA])).toMatchObject({
      decision: 'Permit',
      decidingPolicy: 'after-hours',
    })
  })

  it('follows New York back to standard time', async () => {
    const evaluator = await createEvaluator({
      entities,
      policies: secondApproverAfterHours('America/New_York', '09:00', '17:00'),
    })
    const transfer = (iso: string) =>
      evaluator.evaluate(usdcTransfer({ principal: NORA, to: BINANCE, amount: 1_000_000n, now: at(iso) }))
        .decision
    // 13:30 UTC is 09:30 in summer (EDT), 08:30 in winter (EST, from 2 November).
    expect(transfer('2025-10-31T13:30:00Z')).toBe('Permit')
    expect(transfer('2025-11-03T13:30:00Z')).toBe('Confirm')
    // And into summer time on 9 March: 13:30 UTC is 08:30 EST on the 7th, 09:30 EDT on the 10th.
    expect(transfer('2025-03-07T13:30:00Z')).toBe('Confirm')
    expect(transfer('2025-03-10T13:30:00Z')).toBe('Permit')
  })

  it('forbids outside business hours, and fails closed when the local time cannot be computed', async () => {
    const { timeZone, windows } = businessHours('Europe/Zurich', '08:00', '18:00')
    const policies = [
      policy('transfers', 'permit', [{ criterion: 'checkIntentToken', args: [USDC] }]),
      policy('no-transfers-after-hours', 'forbid', [
        { criterion: 'checkRequestTime', args: { timeZone, outside: windows } },
      ]),
    ]
    const evaluator = await createEvaluator({ entities, policies })
    const transfer = (now: number) =>
      evaluator.evaluate(usdcTransfer({ principal: NORA, to: BINANCE, amount: 1_000_000n, now }))
    expect(transfer(at('2025-03-14T12:00:00Z')).decision).toBe('Permit')
    expect(transfer(at('2025-03-15T12:00:00Z'))).toMatchObject({
      decision: 'Forbid',
      decidingPolicy: 'no-transfers-after-hours',
      heldCriteria: [{ criterion: 'checkRequestTime', args: { timeZone, outside: windows } }],
    })
    // Beyond the dates JavaScript can hold: no local time, so the forbid holds, and no permit rests on a time.
    expect(transfer(9_000_000_000_000_000).decision).toBe('Forbid')
    const inHoursOnly = await createEvaluator({
      entities,
      policies: [secondApproverAfterHours('Europe/Zurich', '08:00', '18:00')[0]!],
    })
    expect(
      inHoursOnly.evaluate(
        usdcTransfer({ principal: NORA, to: BINANCE, amount: 1n, now: 9_000_000_000_000_000 }),
      ).decision,
    ).toBe('Forbid')
  })

  it('refuses an unknown time zone or a window that ends before it starts, by JSON Pointer', async () => {
    const bad = [
      policy('bad', 'permit', [
        {
          criterion: 'checkRequestTime',
          args: { timeZone: 'Europe/Atlantis', within: [{ from: '18:00', to: '08:00' }] },
        },
      ]),
    ]
    const error = await createEvaluator({ entities, policies: bad }).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(EvaluatorError)
    expect((error as EvaluatorError).details?.issues).toEqual([
      expect.objectContaining({ path: '/0/when/0/args/timeZone' }),
      expect.objectContaining({ path: '/0/when/0/args/within/0' }),
    ])
  })
})
