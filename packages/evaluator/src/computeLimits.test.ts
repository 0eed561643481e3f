import { emptyEntities } from '@rampart/entities'
import { describe, expect, it } from 'vitest'
import { computeLimits } from './computeLimits'
import type { EvaluationRequest } from './generated/evaluationRequest'
import { prepareEntities } from './prepareEntities'
import type { Bucket } from './preparePolicies'

const entities = prepareEntities({ ...emptyEntities(), users: [{ id: 'nora', role: 'member' }] })
const NATIVE = 'eip155:1/slip44:60'
const bucket = (filters = {}): Bucket => ({
  id: '0',
  policies: [],
  limits: [
    { k: 'limit', a: { limit: '10', operator: 'lte', window: { type: 'rolling', seconds: 60 }, filters } },
  ],
  intentFields: [],
})
const limits = (intent: unknown, filters = {}) =>
  computeLimits(
    { action: 'signTransaction', principal: 'nora', intent } as EvaluationRequest,
    [bucket(filters)],
    entities,
    'nora',
    1_000,
  )?.limit

describe('computeLimits: what the request itself adds', () => {
  it('adds the calls of batches nested to any depth, without exhausting the stack', () => {
    let intent: Record<string, unknown> = { type: 'nativeTransfer', chainId: 1, amount: '3', token: NATIVE }
    for (let depth = 0; depth < 100_000; depth++)
      intent = {
        type: 'batch',
        chainId: 1,
        value: '0',
        intents: [intent, { type: 'batch', chainId: 1, intents: [] }],
      }
    // Each level holds the level below and an empty batch: only the innermost transfer moves anything.
    expect(limits(intent)).toEqual(['3', 1])
  })

  it("counts a contract call's value as native currency, and a request that moves nothing once", () => {
    const call = { type: 'contractCall', chainId: 1, value: '7' }
    expect(limits(call, { tokens: [NATIVE] })).toEqual(['7', 1])
    expect(limits({ type: 'signMessage', chainId: 1, message: 'hi' })).toEqual(['0', 1])
    expect(limits({ type: 'signMessage', chainId: 1, message: 'hi' }, { tokens: [NATIVE] })).toEqual(['0', 0])
  })

  it('counts the value a batch forwards to a token call once, with the part it keeps', () => {
    const USDC = 'eip155:1/erc20:0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48'
    const call = { type: 'erc20Transfer', chainId: 1, value: '3', token: USDC, amount: '10', to: '0xc' }
    const batch = { type: 'batch', chainId: 1, value: '5', to: '0xb', intents: [call] }
    // The call sends 3 of the batch's 5; the batch keeps 2. The token amount counts toward token limits only.
    expect(limits(batch, { tokens: [NATIVE] })).toEqual(['5', 1])
    expect(limits(batch, { tokens: [USDC] })).toEqual(['10', 1])
    expect(limits(batch)).toEqual(['15', 1])
  })

  it('counts a native amount paid with more value once, and the excess to the contract', () => {
    const swap = {
      type: 'swap',
      chainId: 1,
      value: '9',
      token: NATIVE,
      amount: '7',
      to: '0xb',
      recipient: '0xc',
    }
    expect(limits(swap, { tokens: [NATIVE] })).toEqual(['9', 1])
    expect(limits(swap, { destinations: ['0xb'] })).toEqual(['2', 1])
  })
})

describe('computeLimits: the history in the window', () => {
  const withTransfers = (history: NonNullable<EvaluationRequest['history']>) =>
    computeLimits(
      { action: 'signMessage', principal: 'nora', history } as EvaluationRequest,
      [bucket()],
      entities,
      'nora',
      1_000,
    )?.limit
  const withHistory = (timestamps: number[]) =>
    withTransfers(timestamps.map((timestamp) => ({ amount: '2', token: NATIVE, timestamp })))

  it('reaches back the rolling window, now included', () => {
    // The window of 60 seconds ending at 1000 starts at 941.
    expect(withHistory([940, 941, 1_000])).toEqual(['4', 3])
  })

  it('counts the transfers of one past request once toward a rate limit, as it counted that request', () => {
    const batch = (requestId: string) =>
      ['1', '2', '3'].map((amount) => ({ amount, token: NATIVE, timestamp: 990, requestId }))
    const counted = withTransfers([
      ...batch('a'),
      ...batch('b'),
      { amount: '4', token: NATIVE, timestamp: 990 },
    ])
    // Two batches of three transfers, one transfer recorded without its request, and this request.
    expect(counted).toEqual(['16', 4])
  })

  it('counts a transfer recorded after now: a clock behind another must not forget what was signed', () => {
    // Gateways sharing a history stamp transfers with their own clocks, and a request may give its own `now`.
    expect(withHistory([999, 1_001, 5_000])).toEqual(['6', 4])
  })
})

describe('computeLimits: group and role filters on a past spender the organization no longer knows', () => {
  const known = prepareEntities({
    ...emptyEntities(),
    users: [
      { id: 'nora', role: 'member' },
      { id: 'sofia', role: 'manager' },
    ],
  })
  const total = (filters: object, principal: string) =>
    computeLimits(
      {
        action: 'signMessage',
        principal: 'nora',
        history: [{ amount: '5', token: NATIVE, timestamp: 990, principal, resource: 'gone-account' }],
      } as EvaluationRequest,
      [bucket(filters)],
      known,
      'nora',
      1_000,
    )?.limit

  it('leaves out a known user outside the filter', () => {
    expect(total({ roles: ['member'] }, 'sofia')).toEqual(['0', 1])
  })

  it('counts a removed user under a role or user group filter, and a removed account under an account group filter', () => {
    // Leaving it out would let "members may spend 10 a day" allow more than members spent.
    expect(total({ roles: ['member'] }, 'former.member')).toEqual(['5', 2])
    // This request's own user is known, and outside the group.
    expect(total({ userGroups: ['treasury'] }, 'former.member')).toEqual(['5', 1])
    expect(total({ accountGroups: ['hot'] }, 'nora')).toEqual(['5', 2])
  })
})
