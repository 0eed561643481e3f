// Approval alternatives (issue #21): a permit's checkApprovals may offer sets of requirements, any one of which is
// enough ("2 of Finance, or 1 of the CFO office"). The decision reports which set was met, or what each still misses,
// and the evaluator spells it out exactly as the policy library's own report does.
import { readFileSync } from 'node:fs'
import { loadPolicy } from '@open-policy-agent/opa-wasm'
import { describe, expect, it } from 'vitest'
import { createEvaluator, EvaluatorError } from '../src'
import { buildInput } from '../src/buildInput'
import { ENTRYPOINTS } from '../src/entrypoints'
import { evaluationState, policyData } from '../src/evaluationState'
import { SCHEMA_IDS, validator } from '../src/schemaValidators'
import { AMELIA, BINANCE, entities, NORA, PRIYA, SOFIA, usdcTransfer } from './northwind'
import { policy } from './policy'

const NOW = Date.parse('2025-03-14T12:00:00Z') / 1000
const validateDecision = validator(SCHEMA_IDS.decision)

const twoOfTreasury = {
  approvalCount: 2,
  approvalEntityType: 'userGroup',
  entityIds: ['treasury'],
  countPrincipal: false,
}
const cfo = { approvalCount: 1, approvalEntityType: 'user', entityIds: [AMELIA], countPrincipal: false }
const policies = [
  policy('large-transfers', 'permit', [
    { criterion: 'checkIntentToken', args: ['eip155:1/erc20:0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48'] },
    { criterion: 'checkApprovals', args: { anyOf: [[twoOfTreasury], [cfo]] } },
  ]),
]
const transfer = (approvals: string[]) =>
  usdcTransfer({ principal: NORA, to: BINANCE, amount: 1_000_000n, now: NOW, approvals })

describe('approval alternatives', () => {
  it('permits once one set is met, and names it', async () => {
    const evaluator = await createEvaluator({ entities, policies })
    const byTreasury = evaluator.evaluate(transfer([SOFIA, PRIYA]))
    expect(byTreasury).toMatchObject({ decision: 'Permit', approvals: { alternative: 0, missing: [] } })
    expect(byTreasury.approvals.satisfied).toEqual([
      { ...twoOfTreasury, policyId: 'large-transfers', approvedBy: [PRIYA, SOFIA], missing: 0 },
    ])
    const byCfo = evaluator.evaluate(transfer([AMELIA]))
    expect(byCfo).toMatchObject({ decision: 'Permit', approvals: { alternative: 1, missing: [] } })
    // The other set still misses its two approvals, and says so.
    expect(byCfo.approvals.alternatives?.[0]?.missing).toEqual([
      { ...twoOfTreasury, policyId: 'large-transfers', approvedBy: [], missing: 2 },
    ])
  })

  it('confirms while no set is met, with what each set still misses', async () => {
    const evaluator = await createEvaluator({ entities, policies })
    const none = evaluator.evaluate(transfer([]))
    expect(none.decision).toBe('Confirm')
    expect(none.approvals.alternatives?.map((set) => set.missing.map((state) => state.missing))).toEqual([
      [2],
      [1],
    ])
    // The set closest to being met is the one reported in full: the CFO's.
    expect(none.approvals).toMatchObject({ alternative: 1, required: [cfo], missing: [cfo] })
    // One treasury approval: both sets miss one; the first is reported.
    const one = evaluator.evaluate(transfer([SOFIA]))
    expect(one).toMatchObject({ decision: 'Confirm', approvals: { alternative: 0 } })
    expect(one.approvals.missing[0]).toMatchObject({ approvedBy: [SOFIA], missing: 1 })
    // The principal's own approval does not count.
    expect(evaluator.evaluate(transfer([NORA, SOFIA])).decision).toBe('Confirm')
  })

  it('combines several checkApprovals: each must be met, by one of its sets', async () => {
    const both = [
      policy('both', 'permit', [
        { criterion: 'checkApprovals', args: [{ ...cfo, entityIds: [PRIYA] }] },
        { criterion: 'checkApprovals', args: { anyOf: [[twoOfTreasury], [cfo]] } },
      ]),
    ]
    const evaluator = await createEvaluator({ entities, policies: both })
    expect(evaluator.evaluate(transfer([AMELIA])).decision).toBe('Confirm')
    expect(evaluator.evaluate(transfer([AMELIA, PRIYA]))).toMatchObject({
      decision: 'Permit',
      approvals: { alternative: 1 },
    })
    // Priya counts for her own requirement and as one of the treasury: a second treasury approval completes set 0.
    expect(evaluator.evaluate(transfer([PRIYA, SOFIA]))).toMatchObject({
      decision: 'Permit',
      approvals: { alternative: 0 },
    })
  })

  it('spells out each decision as the policy library does, conforming to the decision schema', async () => {
    const evaluator = await createEvaluator({ entities, policies })
    const state = evaluationState({ entities, policies, presets: [] })
    const library = await loadPolicy(readFileSync(new URL('../wasm/policy.wasm', import.meta.url)))
    library.setData(policyData(state))
    for (const approvals of [[], [SOFIA], [SOFIA, PRIYA], [AMELIA], [NORA]]) {
      const request = transfer(approvals)
      const decision = evaluator.evaluate(request)
      expect(decision).toEqual(
        library.evaluate(buildInput(request, [], state), ENTRYPOINTS.report)[0]?.result,
      )
      expect(validateDecision(decision), JSON.stringify(validateDecision.errors)).toBe(true)
    }
  })

  it('refuses a policy whose approvals combine into more than 64 sets, by JSON Pointer', async () => {
    const nine = { anyOf: Array.from({ length: 9 }, () => [cfo]) }
    const tooMany = [
      policy('too-many', 'permit', [
        { criterion: 'checkApprovals', args: nine },
        { criterion: 'checkApprovals', args: nine },
      ]),
    ]
    const error = await createEvaluator({ entities, policies: tooMany }).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(EvaluatorError)
    expect((error as EvaluatorError).details?.issues).toEqual([
      expect.objectContaining({ code: 'too-many-approval-sets', path: '/0/when' }),
    ])
  })
})
