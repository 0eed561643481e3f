import { describe, expect, it } from 'vitest'
import {
  AMELIA,
  BINANCE,
  COLD,
  entities,
  INITECH,
  NORA,
  PRIYA,
  policies,
  SOFIA,
  STRANGER,
  TREASURY_HOT,
  usdcTransfer,
} from '../test/northwind'
import { policy } from '../test/policy'
import { createEvaluator } from './createEvaluator'
import { EvaluatorError } from './errors'
import type { Preset } from './generated/preset'

const evaluator = await createEvaluator({ entities, policies })
const usdc = (amount: number) => BigInt(amount) * 1_000_000n
const PAYROLL = '0x32292C6C02272CBd771AA83b44635bE2F0Dd8857'
const NOON = Date.parse('2025-03-14T12:00:00Z') / 1000

describe('createEvaluator: decisions on decoded requests', () => {
  it('permits a treasury member paying a counterparty within the daily allowance', () => {
    const decision = evaluator.evaluate(
      usdcTransfer({ principal: NORA, to: BINANCE, amount: usdc(1_000), now: NOON }),
    )
    expect(decision).toMatchObject({
      decision: 'Permit',
      reason: { code: 'PERMITTED' },
      decidingPolicy: 'treasury-daily-usdc',
      matchedPolicies: ['treasury-daily-usdc', 'treasury-large-usdc-with-approvals'],
    })
  })

  it('asks for approvals above the allowance, then permits once two finance approvers agree', () => {
    const big = { principal: NORA, to: BINANCE, amount: usdc(300_000), now: NOON }
    const confirm = evaluator.evaluate(usdcTransfer(big))
    expect(confirm.decision).toBe('Confirm')
    expect(confirm.decidingPolicy).toBe('treasury-large-usdc-with-approvals')
    expect(confirm.approvals.missing).toEqual([
      {
        policyId: 'treasury-large-usdc-with-approvals',
        approvalCount: 2,
        approvalEntityType: 'userGroup',
        entityIds: ['finance-approvers'],
        countPrincipal: false,
        approvedBy: [],
        missing: 2,
      },
    ])
    const permit = evaluator.evaluate(usdcTransfer({ ...big, approvals: [PRIYA, AMELIA.toUpperCase()] }))
    expect(permit.decision).toBe('Permit')
    expect(permit.approvals.satisfied[0]?.approvedBy).toEqual([AMELIA, PRIYA])
  })

  it("counts the day's history with exact sums toward the allowance", () => {
    const spent = (amount: bigint, timestamp: number) => ({
      amount: amount.toString(),
      token: `eip155:1/erc20:${'0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'}`,
      chainId: 1,
      principal: NORA,
      timestamp,
    })
    const request = (history: ReturnType<typeof spent>[]) =>
      usdcTransfer({ principal: NORA, to: BINANCE, amount: usdc(50_000), now: NOON, history })
    // 200,000 earlier today: 250,000 with this one, exactly the allowance.
    expect(evaluator.evaluate(request([spent(usdc(200_000), NOON - 3600)])).decision).toBe('Permit')
    // One base unit more and the allowance is exceeded: approvals are needed.
    expect(evaluator.evaluate(request([spent(usdc(200_000) + 1n, NOON - 3600)])).decision).toBe('Confirm')
    // Yesterday's spending is another calendar day.
    expect(evaluator.evaluate(request([spent(usdc(240_000), NOON - 13 * 3600)])).decision).toBe('Permit')
  })

  it('forbids payments to an external address, explaining which criteria held', () => {
    const decision = evaluator.evaluate(
      usdcTransfer({ principal: NORA, to: INITECH, amount: usdc(10), now: NOON }),
    )
    expect(decision.decision).toBe('Forbid')
    expect(decision.reason.code).toBe('FORBIDDEN_BY_POLICY')
    expect(decision.decidingPolicy).toBe('forbid-external-erc20')
    expect(decision.heldCriteria).toEqual([
      { criterion: 'checkIntentType', args: ['erc20Transfer', 'nativeTransfer'] },
      { criterion: 'checkDestinationClassification', args: ['external'] },
    ])
  })

  it('explains a forbid with its criteria as the policy states them, not as the library reads them', async () => {
    const written = [
      { criterion: 'checkIntentAmount', args: { operator: 'gt', value: '5', unit: 'token' } },
      { criterion: 'checkDestinationAddress', args: [BINANCE] },
      {
        criterion: 'checkApprovals',
        args: [
          { approvalCount: 1, approvalEntityType: 'userRole', entityIds: ['admin'], countPrincipal: false },
        ],
      },
    ]
    const local = await createEvaluator({ entities, policies: [policy('big-to-binance', 'forbid', written)] })
    const decision = local.evaluate(
      usdcTransfer({ principal: NORA, to: BINANCE, amount: usdc(6), now: NOON }),
    )
    expect(decision.decidingPolicy).toBe('big-to-binance')
    // Neither the amount per token in base units nor the lowercase address the library compares with.
    expect(decision.heldCriteria).toEqual(written.slice(0, 2))
  })

  it('forbids an unknown destination: no permit matches', () => {
    const decision = evaluator.evaluate(
      usdcTransfer({ principal: NORA, to: STRANGER, amount: usdc(1), now: NOON }),
    )
    expect(decision).toMatchObject({
      decision: 'Forbid',
      reason: { code: 'NO_MATCHING_PERMIT' },
      matchedPolicies: [],
    })
  })

  it('forbids a manager signing from cold storage, though a permit matches', () => {
    const decision = evaluator.evaluate(
      usdcTransfer({ principal: SOFIA, from: COLD, to: BINANCE, amount: usdc(1), now: NOON }),
    )
    expect(decision.decision).toBe('Forbid')
    expect(decision.decidingPolicy).toBe('forbid-cold-storage-below-admin')
  })

  it('forbids the 21st transfer of the hour (rate limit)', () => {
    const history = Array.from({ length: 20 }, (_, i) => ({
      amount: '1',
      principal: NORA,
      timestamp: NOON - 60 * i,
    }))
    const decision = evaluator.evaluate(
      usdcTransfer({ principal: NORA, to: BINANCE, amount: 1n, now: NOON, history }),
    )
    expect(decision.decidingPolicy).toBe('forbid-bursts')
  })

  it('accepts the principal as a credential id', () => {
    const credential = entities.credentials.find((item) => item.userId === NORA)
    expect(credential).toBeDefined()
    const decision = evaluator.evaluate(
      usdcTransfer({ principal: credential!.id, to: BINANCE, amount: usdc(1), now: NOON }),
    )
    expect(decision.decision).toBe('Permit')
  })

  it('refuses unknown principals and resources', () => {
    const unknownUser = evaluator.evaluate(
      usdcTransfer({ principal: 'mallory@evil.example', to: BINANCE, amount: 1n }),
    )
    expect(unknownUser.reason.code).toBe('UNKNOWN_PRINCIPAL')
    const request = usdcTransfer({ principal: NORA, to: BINANCE, amount: 1n })
    expect(evaluator.evaluate({ ...request, resource: 'eip155:1:0x0' }).reason.code).toBe('UNKNOWN_RESOURCE')
  })
})

describe('createEvaluator: the principal index', () => {
  it('reports a policy filed under several of the principal scopes once, in policy order', async () => {
    const local = await createEvaluator({
      entities,
      policies: [
        policy('by-role', 'forbid', [
          { criterion: 'checkPrincipalRole', args: ['admin'] },
          { criterion: 'checkIntentType', args: ['erc20Transfer'] },
        ]),
        policy('by-groups', 'permit', [
          { criterion: 'checkPrincipalGroup', args: ['treasury', 'executives', 'finance-approvers'] },
        ]),
        policy('by-user', 'permit', [{ criterion: 'checkPrincipalId', args: [PRIYA.toUpperCase()] }]),
        policy('anyone', 'permit', [{ criterion: 'checkIntentType', args: ['erc20Transfer'] }]),
      ],
    })
    // Priya is an admin in the treasury, executives and finance-approvers groups.
    const decision = local.evaluate(usdcTransfer({ principal: PRIYA, to: BINANCE, amount: 1n, now: NOON }))
    expect(decision.matchedPolicies).toEqual(['by-role', 'by-groups', 'by-user', 'anyone'])
    expect(decision.decidingPolicy).toBe('by-role')
    const nora = local.evaluate(usdcTransfer({ principal: NORA, to: BINANCE, amount: 1n, now: NOON }))
    expect(nora.matchedPolicies).toEqual(['by-groups', 'anyone'])
  })
})

describe('createEvaluator: the resource index', () => {
  it('files policies under their account, account groups and chains, and matches the same as unindexed', async () => {
    const local = await createEvaluator({
      entities,
      policies: [
        policy('by-account', 'forbid', [{ criterion: 'checkAccountId', args: [`EIP155:1:${TREASURY_HOT}`] }]),
        policy('by-groups', 'permit', [{ criterion: 'checkAccountGroup', args: ['TREASURY', 'defi'] }]),
        policy('payroll', 'permit', [{ criterion: 'checkAccountGroup', args: ['payroll'] }]),
        policy('by-chains', 'permit', [{ criterion: 'checkIntentChainId', args: [8453, 1] }]),
        policy('polygon', 'permit', [{ criterion: 'checkIntentChainId', args: [137] }]),
        policy('vault-on-mainnet', 'permit', [
          { criterion: 'checkIntentChainId', args: [1] },
          { criterion: 'checkAccountGroup', args: ['payroll'] },
        ]),
      ],
    })
    const hot = local.evaluate(usdcTransfer({ principal: NORA, to: BINANCE, amount: 1n, now: NOON }))
    expect(hot.matchedPolicies).toEqual(['by-account', 'by-groups', 'by-chains'])
    expect(hot.decidingPolicy).toBe('by-account')
    expect(hot.heldCriteria).toEqual([{ criterion: 'checkAccountId', args: [`EIP155:1:${TREASURY_HOT}`] }])
    const payroll = local.evaluate(
      usdcTransfer({ principal: NORA, from: PAYROLL, to: BINANCE, amount: 1n, now: NOON }),
    )
    expect(payroll.matchedPolicies).toEqual(['payroll', 'by-chains', 'vault-on-mainnet'])
  })
})

describe('createEvaluator: configuration', () => {
  it('rejects invalid policies with a path for each issue', async () => {
    const bad = [policy('x', 'permit', [{ criterion: 'checkIntentAmount', args: { operator: 'gt' } }])]
    const error = await createEvaluator({ entities, policies: bad as never }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(EvaluatorError)
    expect((error as EvaluatorError).code).toBe('INVALID_POLICIES')
    expect((error as EvaluatorError).details.issues).toEqual([
      {
        code: 'schema.required',
        path: '/0/when/0/args/value',
        message: 'missing required member "value"',
      },
    ])
  })

  it('rejects invalid entities', async () => {
    const error = await createEvaluator({
      entities: { ...entities, users: [{ id: 'x' }] } as never,
      policies,
    }).catch((e: unknown) => e)
    expect((error as EvaluatorError).code).toBe('INVALID_ENTITIES')
    expect((error as EvaluatorError).details.issues.length).toBeGreaterThan(0)
  })

  it('rejects a document that is not a whole organization (a users file alone), naming what is missing', async () => {
    const error = await createEvaluator({
      entities: { users: entities.users } as never,
      policies,
    }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(EvaluatorError)
    expect((error as EvaluatorError).code).toBe('INVALID_ENTITIES')
    expect((error as EvaluatorError).details.issues).toContainEqual(
      expect.objectContaining({ code: 'schema.required', path: '/accounts' }),
    )
  })

  it('swaps policies in with update, and keeps the old ones when the new ones are invalid', async () => {
    const local = await createEvaluator({ entities, policies })
    const request = usdcTransfer({ principal: NORA, to: BINANCE, amount: usdc(1), now: NOON })
    expect(local.evaluate(request).decision).toBe('Permit')
    expect(() => local.update({ policies: [{ id: 'x' }] as never })).toThrow(EvaluatorError)
    expect(local.evaluate(request).decision).toBe('Permit')
    local.update({ policies: policies.filter((policy) => policy.then === 'forbid') })
    expect(local.evaluate(request).reason.code).toBe('NO_MATCHING_PERMIT')
  })

  it('swaps entities in with update: a user removed from the treasury group loses the permit', async () => {
    const local = await createEvaluator({ entities, policies })
    const request = usdcTransfer({ principal: NORA, to: BINANCE, amount: usdc(1), now: NOON })
    const userGroupMembers = entities.userGroupMembers.filter(
      (m) => !(m.userId === NORA && m.groupId === 'treasury'),
    )
    local.update({ entities: { ...entities, userGroupMembers } })
    expect(local.evaluate(request).reason.code).toBe('NO_MATCHING_PERMIT')
  })
})

describe('createEvaluator: ids that are also names of every JavaScript object property', () => {
  const onlyConstructor = policy('only-constructor', 'permit', [
    { criterion: 'checkPrincipalId', args: ['constructor'] },
  ])
  const preset: Preset = {
    id: 'by-name',
    name: 'By name',
    description: 'Names a user',
    policies: [onlyConstructor],
  }

  it('are no user: a preset naming one does not match an unknown principal of that name', async () => {
    const local = await createEvaluator({ entities, policies, presets: [preset] })
    for (const principal of ['constructor', '__proto__', 'toString']) {
      const request = usdcTransfer({ principal, to: BINANCE, amount: 1n, now: NOON })
      const decision = local.evaluate(request, { presets: ['by-name'] })
      expect(decision.reason.code).toBe('UNKNOWN_PRINCIPAL')
      expect(decision.policyEvaluation).toEqual({ expectedBehavior: false, matchedPresets: [] })
    }
  })

  it('are no group: a limit on a user group of that name counts no transfer of users outside it', async () => {
    const group = (name: string) =>
      policy(`none-by-${name}`, 'permit', [
        {
          criterion: 'checkRateLimit',
          args: { limit: 0, window: { type: 'rolling', seconds: 3600 }, filters: { userGroups: [name] } },
        },
      ])
    const local = await createEvaluator({ entities, policies: [group('toString'), group('constructor')] })
    const decision = local.evaluate(usdcTransfer({ principal: NORA, to: BINANCE, amount: 1n, now: NOON }))
    expect(decision.matchedPolicies).toEqual(['none-by-toString', 'none-by-constructor'])
  })

  it('are groups like any other: a forbid on members of a group named __proto__ forbids its members', async () => {
    const local = await createEvaluator({
      entities: {
        ...entities,
        userGroups: [...entities.userGroups, { id: '__proto__', name: 'Proto' }],
        userGroupMembers: [...entities.userGroupMembers, { userId: NORA, groupId: '__proto__' }],
      },
      policies: [
        ...policies,
        policy('forbid-proto', 'forbid', [{ criterion: 'checkPrincipalGroup', args: ['__proto__'] }]),
      ],
    })
    const decision = local.evaluate(usdcTransfer({ principal: NORA, to: BINANCE, amount: 1n, now: NOON }))
    expect(decision).toMatchObject({ decision: 'Forbid', decidingPolicy: 'forbid-proto' })
  })
})
