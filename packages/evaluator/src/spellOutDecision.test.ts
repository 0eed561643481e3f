import { readFileSync } from 'node:fs'
import { loadPolicy } from '@open-policy-agent/opa-wasm'
import type { Entities } from '@rampart/entities'
import { describe, expect, it } from 'vitest'
import {
  AMELIA,
  BINANCE,
  COLD,
  decodeIntent,
  entities,
  erc20TransferRpc,
  INITECH,
  NORA,
  PRIYA,
  policies,
  SOFIA,
  STRANGER,
  TREASURY_HOT,
  USDC,
  usdcTransfer,
} from '../test/northwind'
import { policy } from '../test/policy'
import { buildInput } from './buildInput'
import { createEvaluator } from './createEvaluator'
import { ENTRYPOINTS } from './entrypoints'
import { evaluationState, policyData } from './evaluationState'
import type { EvaluationRequest } from './generated/evaluationRequest'
import type { Policy } from './generated/policy'
import { BUILTIN_PRESETS } from './presets'
import { SCHEMA_IDS, validator } from './schemaValidators'

const NOON = Date.parse('2025-03-14T12:00:00Z') / 1000
const usdc = (amount: number) => BigInt(amount) * 1_000_000n
const validateDecision = validator(SCHEMA_IDS.decision)

/** The library's own spelled-out decision (the `report` entrypoint) for a request, from the evaluator's input. */
async function libraryReport(
  org: Entities,
  requests: { request: EvaluationRequest; presets: string[] }[],
  orgPolicies: Policy[] = policies,
) {
  const state = evaluationState({ entities: org, policies: orgPolicies, presets: BUILTIN_PRESETS })
  const library = await loadPolicy(readFileSync(new URL('../wasm/policy.wasm', import.meta.url)))
  library.setData(policyData(state))
  return requests.map(
    ({ request, presets }) =>
      library.evaluate(buildInput(request, presets, state), ENTRYPOINTS.report)[0]?.result,
  )
}

const cases: { name: string; request: EvaluationRequest; presets: string[] }[] = [
  {
    name: 'a permit',
    request: usdcTransfer({ principal: NORA, to: BINANCE, amount: usdc(1_000), now: NOON }),
    presets: [],
  },
  {
    name: 'a confirm with approvals missing',
    request: usdcTransfer({
      principal: NORA,
      to: BINANCE,
      amount: usdc(300_000),
      now: NOON,
      approvals: [PRIYA],
    }),
    presets: [],
  },
  {
    name: 'a permit once approved',
    request: usdcTransfer({
      principal: NORA,
      to: BINANCE,
      amount: usdc(300_000),
      now: NOON,
      approvals: [PRIYA, AMELIA],
    }),
    presets: [],
  },
  {
    name: 'a forbid by policy',
    request: usdcTransfer({ principal: NORA, to: INITECH, amount: usdc(10), now: NOON }),
    presets: [],
  },
  {
    name: 'no matching permit',
    request: usdcTransfer({ principal: SOFIA, to: STRANGER, amount: 1n, now: NOON }),
    presets: [],
  },
  {
    name: 'an unknown principal',
    request: usdcTransfer({ principal: 'mallory', to: BINANCE, amount: 1n }),
    presets: [],
  },
  {
    name: 'an unknown resource',
    request: { ...usdcTransfer({ principal: NORA, to: BINANCE, amount: 1n }), resource: 'nowhere' },
    presets: [],
  },
  {
    name: 'presets',
    request: usdcTransfer({ principal: NORA, from: COLD, to: BINANCE, amount: usdc(5), now: NOON }),
    presets: ['erc20-address-book-only', 'permit2-bounded-approvals', 'erc20-address-book-only'],
  },
]

describe('spellOutDecision', () => {
  it('spells out each verdict exactly as the policy library spells it out, conforming to the decision schema', async () => {
    const evaluator = await createEvaluator({ entities, policies })
    const reports = await libraryReport(entities, cases)
    const decisions = cases.map(({ request, presets }) => evaluator.evaluate(request, { presets }))
    expect(new Set(decisions.map((decision) => decision.reason.code)).size).toBeGreaterThanOrEqual(6)
    decisions.forEach((decision, i) => {
      expect({ name: cases[i]?.name, decision }).toEqual({ name: cases[i]?.name, decision: reports[i] })
      expect(validateDecision(decision), JSON.stringify(validateDecision.errors)).toBe(true)
    })
  })

  it('spells out a forbid met by an unknown gas fee as the policy library does, saying the fee is unknown', async () => {
    const costly = policy('costly-gas', 'forbid', [
      { criterion: 'checkGasFeeAmount', args: { operator: 'gt', value: '10000000000000000' } },
    ])
    const orgPolicies = [costly, ...policies]
    const unknownFee = usdcTransfer({ principal: NORA, to: BINANCE, amount: usdc(1_000), now: NOON })
    const rpc = erc20TransferRpc(TREASURY_HOT, USDC, BINANCE, usdc(1_000))
    const params = [{ ...rpc.params[0], gas: '0x10000', maxFeePerGas: '0x3b9aca00000' }]
    const knownFee = {
      ...unknownFee,
      intent: decodeIntent({ ...rpc, params }) as EvaluationRequest['intent'],
    }
    const requests = [
      { request: unknownFee, presets: [] },
      { request: knownFee, presets: ['erc20-address-book-only'] },
    ]
    const evaluator = await createEvaluator({ entities, policies: orgPolicies })
    const decisions = requests.map(({ request, presets }) => evaluator.evaluate(request, { presets }))
    expect(decisions.map(({ heldCriteria }) => heldCriteria)).toEqual([
      [{ ...costly.when[0], unknown: true }],
      costly.when,
    ])
    expect(decisions).toEqual(await libraryReport(entities, requests, orgPolicies))
    for (const decision of decisions) expect(validateDecision(decision)).toBe(true)
  })
})
