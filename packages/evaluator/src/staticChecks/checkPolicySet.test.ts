import { describe, expect, it } from 'vitest'
import { checkPolicySet, MAX_PAIRWISE_POLICIES } from './checkPolicySet'

// biome-ignore lint/suspicious/noThenProperty: `then` is the policy's effect, as policy.schema.json names it.
const policy = (id: string, then: 'permit' | 'forbid', when: Record<string, unknown>[]) => ({
  id,
  then,
  when,
})
const action = (...actions: string[]) => ({ criterion: 'checkAction', args: actions })
const amount = (operator: string, value: string, extra: Record<string, unknown> = {}) => ({
  criterion: 'checkIntentAmount',
  args: { operator, value, ...extra },
})
const approvals = (count = 2) => ({
  criterion: 'checkApprovals',
  args: [
    { approvalCount: count, approvalEntityType: 'userGroup', entityIds: ['finance'], countPrincipal: false },
  ],
})
const usdc = 'eip155:1/erc20:0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48'
const usdt = 'eip155:1/erc20:0xdac17f958d2ee523a2206206994597c13d831ec7'
const spending = (filters?: Record<string, unknown>, currency?: string) => ({
  criterion: 'checkSpendingLimit',
  args: {
    limit: '1000',
    window: { type: 'rolling', seconds: 86400 },
    ...(filters ? { filters } : {}),
    ...(currency ? { currency } : {}),
  },
})
const dest = (...addresses: string[]) => ({ criterion: 'checkDestinationAddress', args: addresses })
const A = '0x1111111111111111111111111111111111111111'
const B = '0x2222222222222222222222222222222222222222'

const codes = (policies: unknown[]) => checkPolicySet(policies).map((w) => `${w.code} ${w.path}`)

describe('checkPolicySet', () => {
  it('finds a permit shadowed by an earlier, broader permit without approvals', () => {
    const policies = [
      policy('small', 'permit', [action('signTransaction', 'signMessage'), amount('lte', '1000')]),
      policy('smaller-to-a', 'permit', [action('signTransaction'), amount('lte', '500'), dest(A)]),
    ]
    expect(checkPolicySet(policies)).toContainEqual({
      code: 'permit-shadowed',
      path: '/1',
      message: expect.stringContaining('the earlier permit "small" (/0)'),
    })
  })

  it('does not call a permit shadowed when it can match what the earlier one does not, or it comes first', () => {
    expect(
      codes([
        policy('small', 'permit', [action('signTransaction'), amount('lte', '1000')]),
        policy('larger', 'permit', [action('signTransaction'), amount('lte', '5000'), approvals()]),
      ]),
    ).not.toContain('permit-shadowed /1')
    expect(
      codes([
        policy('narrow', 'permit', [action('signTransaction'), amount('lte', '500'), dest(A)]),
        policy('broad', 'permit', [action('signTransaction'), amount('lte', '1000')]),
      ]),
    ).toEqual([])
    // An earlier permit that needs approvals the later one does not: the later one permits while they are missing.
    expect(
      codes([
        policy('approved', 'permit', [action('signTransaction'), amount('lte', '1000'), approvals()]),
        policy('small', 'permit', [action('signTransaction'), amount('lte', '100')]),
      ]),
    ).not.toContain('permit-shadowed /1')
    // The same approvals: the later one never decides, whether they are met or not.
    expect(
      codes([
        policy('approved', 'permit', [action('signTransaction'), amount('gte', '0'), approvals()]),
        policy('large', 'permit', [action('signTransaction'), amount('gt', '5000'), approvals()]),
      ]),
    ).toContain('permit-shadowed /1')
  })

  it('finds a permit dead under a forbid, wherever the forbid stands, and not one the forbid only overlaps', () => {
    const forbid = policy('no-b', 'forbid', [dest(B.toUpperCase().replace('0X', '0x'))])
    const dead = policy('to-b', 'permit', [action('signTransaction'), dest(B), amount('lte', '10')])
    expect(checkPolicySet([dead, forbid])).toEqual([
      { code: 'permit-under-forbid', path: '/0', message: expect.stringContaining('the forbid "no-b" (/1)') },
    ])
    const overlapping = policy('to-a-or-b', 'permit', [
      action('signTransaction'),
      dest(A, B),
      amount('lte', '10'),
    ])
    expect(codes([overlapping, forbid])).toEqual([])
  })

  it('finds a permit with neither a limit nor an approval, and accepts each kind of bound', () => {
    expect(codes([policy('anything', 'permit', [action('signTransaction')])])).toEqual([
      'permit-unbounded /0/when',
    ])
    expect(codes([policy('large', 'permit', [action('signTransaction'), amount('gt', '10')])])).toEqual([
      'permit-unbounded /0/when',
    ])
    for (const bound of [
      amount('lte', '10'),
      approvals(),
      spending({ tokens: [usdc] }),
      { criterion: 'checkRateLimit', args: { limit: 5, window: { type: 'fixed', period: 'day' } } },
    ]) {
      expect(codes([policy('bounded', 'permit', [action('signTransaction'), bound])])).toEqual([])
    }
    // Forbids need no bound, nor permits of messages only, nor a preset's permits (the organization's set decides too).
    expect(codes([policy('no', 'forbid', [action('signRaw')])])).toEqual([])
    expect(codes([policy('siwe', 'permit', [action('signMessage')])])).toEqual([])
    expect(
      checkPolicySet([policy('swap', 'permit', [action('signTransaction')])], '/policies', { preset: true }),
    ).toEqual([])
    const batches = { criterion: 'checkUserOperationIntents', args: [amount('lte', '10', { unit: 'token' })] }
    expect(codes([policy('batch', 'permit', [batches])])).toEqual([])
  })

  it('finds a spending limit adding the raw units of several tokens, not one of one token or in a currency', () => {
    expect(
      codes([policy('two', 'permit', [action('signTransaction'), spending({ tokens: [usdc, usdt] })])]),
    ).toEqual(['spending-limit-mixed-tokens /0/when/1/args/filters/tokens'])
    expect(codes([policy('any', 'permit', [action('signTransaction'), spending()])])).toEqual([
      'spending-limit-mixed-tokens /0/when/1/args',
    ])
    expect(
      codes([policy('one', 'permit', [action('signTransaction'), spending({ tokens: [usdc] })])]),
    ).toEqual([])
    expect(
      codes([policy('usd', 'permit', [action('signTransaction'), spending(undefined, 'fiat:usd')])]),
    ).toEqual([])
  })

  it('finds a typed-data permit without a verifying contract, not one that names them', () => {
    const typedData = action('signTransaction', 'signTypedData')
    expect(codes([policy('typed', 'permit', [typedData, approvals()])])).toEqual([
      'typed-data-without-verifying-contract /0/when/0',
    ])
    const domain = { criterion: 'checkIntentDomain', args: { verifyingContract: [A] } }
    expect(codes([policy('typed', 'permit', [typedData, domain, approvals()])])).toEqual([])
    const contract = { criterion: 'checkIntentContract', args: [A] }
    expect(codes([policy('typed', 'permit', [typedData, contract, approvals()])])).toEqual([])
    const nameOnly = { criterion: 'checkIntentDomain', args: { name: ['USD Coin'] } }
    expect(codes([policy('typed', 'permit', [typedData, nameOnly, approvals()])])).toEqual([
      'typed-data-without-verifying-contract /0/when/0',
    ])
  })

  it('puts pointers under the base given, and skips the pairwise checks of a very large set with one warning', () => {
    expect(codes([policy('anything', 'permit', [action('signTransaction')])]).length).toBe(1)
    expect(
      checkPolicySet([policy('anything', 'permit', [action('signTransaction')])], '/policies')[0]!.path,
    ).toBe('/policies/0/when')
    const many = Array.from({ length: MAX_PAIRWISE_POLICIES + 1 }, (_, i) =>
      policy(`p${i}`, 'forbid', [dest(`0x${i.toString(16).padStart(40, '0')}`)]),
    )
    expect(codes(many)).toEqual(['policy-set-too-large '])
  })
})
