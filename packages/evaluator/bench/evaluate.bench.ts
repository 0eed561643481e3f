// `pnpm bench`: evaluate on a decoded ERC-20 transfer in an organization of 10,000 users, 100,000 accounts and
// 100 policies (the same request each call, and another user and account each call), against the same at 1,000
// accounts, and against no-op evaluations of the same input: through
// opa-wasm's evaluate, and through the evaluator's own call of the module (the cost of crossing into WASM and back,
// which no policy can go below). `pnpm bench:opa` adds p50/p99 and opa bench.
import { readFileSync } from 'node:fs'
import { loadPolicy } from '@open-policy-agent/opa-wasm'
import { decodeRequest } from '@rampart/decoder'
import { bench, describe } from 'vitest'
import { createEvaluator, type EvaluationRequest } from '../src'
import { buildInput } from '../src/buildInput'
import { ENTRYPOINTS } from '../src/entrypoints'
import { evaluationState, policyData } from '../src/evaluationState'
import { policyCall } from '../src/policyCall'
import { accountId, transferRpc, userId } from './org'
import { scenario } from './scenario'

const large = scenario(10_000, 100_000)
const small = scenario(1000, 1000)
// The same, its amount criteria and limits in USD: the request valued at its prices on every call.
const smallFiat = scenario(1000, 1000, 'fiat:usd')
const largeEvaluator = await createEvaluator({ entities: large.entities, policies: large.policies })
const smallEvaluator = await createEvaluator({ entities: small.entities, policies: small.policies })
const smallFiatEvaluator = await createEvaluator({
  entities: smallFiat.entities,
  policies: smallFiat.policies,
})

const state = evaluationState({ entities: small.entities, policies: small.policies, presets: [] })
const input = buildInput(small.request, [], state)
const baseline = await loadPolicy(readFileSync(new URL('../wasm/policy.wasm', import.meta.url)))
baseline.setData(policyData(state))
const noop = policyCall(baseline, baseline.entrypoints[ENTRYPOINTS.noop])

// Each call a transfer by another user from another account (more pairs than the evaluator keeps the candidates
// of), as a busy gateway sees them: against the same request repeated.
const PAIRS = 25_000
const otherRequests = Array.from({ length: PAIRS }, (_, i) => {
  const account = (i * 4) % 100_000
  const intent = decodeRequest(transferRpc(account), { entities: large.entities })
    .intent as EvaluationRequest['intent']
  return { ...large.request, principal: userId(account % 10_000), resource: accountId(account), intent }
})
let next = 0

if (largeEvaluator.evaluate(large.request).decision !== 'Permit')
  throw new Error('the scenario should be permitted')
if (smallFiatEvaluator.evaluate(smallFiat.request).decision !== 'Permit')
  throw new Error('the scenario in USD should be permitted')

describe('evaluate a decoded ERC-20 transfer (100 policies)', () => {
  bench('opa-wasm no-op evaluate, same input (baseline)', () => {
    baseline.evaluate(input, ENTRYPOINTS.noop)
  })
  bench("no-op through the evaluator's WASM call, same input (floor)", () => {
    noop(JSON.stringify(input))
  })
  bench('evaluate, 1,000 users / 1,000 accounts', () => {
    smallEvaluator.evaluate(small.request)
  })
  bench(
    'evaluate with amount criteria and limits in USD (valued at its prices), 1,000 users / 1,000 accounts',
    () => {
      smallFiatEvaluator.evaluate(smallFiat.request)
    },
  )
  bench('evaluate, 10,000 users / 100,000 accounts', () => {
    largeEvaluator.evaluate(large.request)
  })
  bench('evaluate, another user and account each call, 10,000 users / 100,000 accounts', () => {
    largeEvaluator.evaluate(otherRequests[next++ % PAIRS] as EvaluationRequest)
  })
  // The one rule every caller goes through: the sender's account looked up by its address, then the evaluation.
  const decided = { action: 'eth_sendTransaction', intent: large.request.intent! }
  bench("decide (the sender's account looked up), 10,000 users / 100,000 accounts", () => {
    largeEvaluator.decide({ principal: large.request.principal, decoded: decided, now: large.request.now! })
  })
})
