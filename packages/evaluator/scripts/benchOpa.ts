// Measures the evaluator (Rego compiled to WASM, through opa-wasm) against OPA's own topdown evaluator
// (`opa bench`) on the same Rego, data and input, in the same run, and prints the figures and their ratio.
// Also prints the opa-wasm no-op baseline and the evaluator's p50 at 1k accounts against 100k.
// Usage: pnpm bench:opa [users accounts]   (defaults: 10000 100000)
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { cpus, tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { loadPolicy } from '@open-policy-agent/opa-wasm'
import { decodeRequest } from '@rampart/decoder'
import { accountId, transferRpc, userId } from '../bench/org'
import { scenario } from '../bench/scenario'
import type { EvaluationRequest } from '../src'
import { buildInput } from '../src/buildInput'
import { createEvaluator } from '../src/createEvaluator'
import { ENTRYPOINTS, WASM_PATH } from '../src/entrypoints'
import { evaluationState, policyData } from '../src/evaluationState'
import { policyCall } from '../src/policyCall'
import { SCHEMA_IDS, validator } from '../src/schemaValidators'
import { findOpa } from './buildPolicies'

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..')
const users = Number(process.argv[2] ?? 10_000)
const accounts = Number(process.argv[3] ?? 100_000)

/** p50 and p99 of `run`, in microseconds, after a warm-up. */
function measure(run: () => unknown, iterations = 20_000): { p50: number; p99: number } {
  for (let i = 0; i < iterations / 4; i++) run()
  const samples = new Float64Array(iterations)
  for (let i = 0; i < iterations; i++) {
    const start = performance.now()
    run()
    samples[i] = performance.now() - start
  }
  samples.sort()
  const at = (q: number) => (samples[Math.floor(q * (iterations - 1))] as number) * 1000
  return { p50: at(0.5), p99: at(0.99) }
}

const us = (value: number) => `${value.toFixed(1)} µs`

async function evaluatorFigures(userCount: number, accountCount: number, currency?: string) {
  const { entities, policies, request } = scenario(userCount, accountCount, currency)
  const evaluator = await createEvaluator({ entities, policies })
  const decision = evaluator.evaluate(request)
  if (decision.decision !== 'Permit')
    throw new Error(`the scenario should be permitted: ${JSON.stringify(decision)}`)
  // The one rule every caller goes through: the sender's account looked up by address, then the same evaluation.
  const decoded = { action: 'eth_sendTransaction', intent: request.intent! }
  const decideInput = { principal: request.principal, decoded, now: request.now! }
  if (evaluator.decide(decideInput).request.resource?.toLowerCase() !== request.resource?.toLowerCase())
    throw new Error('decide should find the scenario account by its sender')
  return {
    entities,
    policies,
    request,
    figures: measure(() => evaluator.evaluate(request)),
    decideFigures: measure(() => evaluator.decide(decideInput)),
  }
}

const large = await evaluatorFigures(users, accounts)
const small = await evaluatorFigures(Math.min(users, 1000), 1000)
// The same policies with their amounts and limits in USD, the request valued at its prices on every call.
const fiat = await evaluatorFigures(Math.min(users, 1000), 1000, 'fiat:usd')

/**
 * The same organization, with each call a transfer by another user from another account: the evaluator keeps the
 * index's pick of candidate policies per action, intent type, chain, user and account (10,000 of them), and this
 * row cycles through more pairs than that, so every call walks the index, as the first request of a pair does.
 */
async function coldFigures(userCount: number, accountCount: number) {
  const { entities, policies, request } = scenario(userCount, accountCount)
  const evaluator = await createEvaluator({ entities, policies })
  const pairs = Math.min(accountCount, 25_000)
  const requests = Array.from({ length: pairs }, (_, i) => {
    const account = (i * 4) % accountCount
    const intent = decodeRequest(transferRpc(account), { entities }).intent as EvaluationRequest['intent']
    return { ...request, principal: userId(account % userCount), resource: accountId(account), intent }
  })
  let next = 0
  return measure(() => evaluator.evaluate(requests[next++ % pairs]!), pairs)
}
const cold = await coldFigures(users, accounts)

// The same data and input the evaluator gives the WASM, written out for opa bench.
const state = evaluationState({ entities: large.entities, policies: large.policies, presets: [] })
const data = policyData(state)
const input = buildInput(large.request, [], state)

// The no-op baselines: a constant entrypoint of the same module with the same input, through opa-wasm's evaluate
// (which serializes the input object itself), and through the evaluator's own call (the floor of any decision).
const wasm = await loadPolicy(readFileSync(join(repoRoot, 'packages/evaluator', WASM_PATH)))
wasm.setData(data)
const noop = measure(() => wasm.evaluate(input, ENTRYPOINTS.noop))
const noopCall = policyCall(wasm, wasm.entrypoints[ENTRYPOINTS.noop])
const floor = measure(() => noopCall(JSON.stringify(input)))
// The split of a decision: the policy library alone (the decision entrypoint through the same call, same input),
// and the evaluator's own work before it (the request's schema check, the input, its JSON).
const decisionCall = policyCall(wasm, wasm.entrypoints[ENTRYPOINTS.decision])
const library = measure(() => decisionCall(JSON.stringify(input)))
const validateRequest = validator(SCHEMA_IDS.request)
const before = measure(
  () => validateRequest(large.request) && JSON.stringify(buildInput(large.request, [], state)),
)

/** `opa bench` (topdown) of the decision on the same Rego with this data and input: p50 and p99 in µs. */
function opaBench(work: string, name: string, benchData: unknown, benchInput: unknown) {
  writeFileSync(join(work, `${name}-data.json`), JSON.stringify(benchData))
  writeFileSync(join(work, `${name}-input.json`), JSON.stringify(benchInput))
  const output = execFileSync(
    findOpa(),
    [
      'bench',
      '--data',
      'policies/rampart',
      '--ignore',
      '*_test.rego',
      '--data',
      join(work, `${name}-data.json`),
      '--input',
      join(work, `${name}-input.json`),
      '--format',
      'json',
      `data.${ENTRYPOINTS.decision.replaceAll('/', '.')}`,
    ],
    { cwd: repoRoot, encoding: 'utf8', maxBuffer: 1 << 26 },
  )
  const extra = (JSON.parse(output) as { Extra: Record<string, number> }).Extra
  return {
    p50: (extra.histogram_timer_rego_query_eval_ns_median ?? Number.NaN) / 1000,
    p99: (extra['histogram_timer_rego_query_eval_ns_99%'] ?? Number.NaN) / 1000,
  }
}

// The USD scenario's data and input (its thresholds stated at the request's prices), for opa bench beside it.
const fiatState = evaluationState({ entities: fiat.entities, policies: fiat.policies, presets: [] })

const work = mkdtempSync(join(tmpdir(), 'rampart-bench-'))
try {
  const topdown = opaBench(work, 'plain', data, input)
  const fiatTopdown = opaBench(work, 'fiat', policyData(fiatState), buildInput(fiat.request, [], fiatState))
  const rows = [
    [`evaluate, ${users} users / ${accounts} accounts / ${large.policies.length} policies`, large.figures],
    [`decide (the sender's account looked up), ${users} users / ${accounts} accounts`, large.decideFigures],
    [`evaluate, ${Math.min(users, 1000)} users / 1000 accounts`, small.figures],
    ['evaluate, another user and account on every call (no kept candidates)', cold],
    ['opa-wasm no-op evaluate, same input (baseline)', noop],
    ["no-op through the evaluator's WASM call, same input (floor)", floor],
    ["decision through the evaluator's WASM call, same input (policy library)", library],
    ['request check, input and its JSON, without the WASM call', before],
    ['opa bench (topdown), same Rego, data and input', topdown],
    [`evaluate, amounts and limits in USD, ${Math.min(users, 1000)} users / 1000 accounts`, fiat.figures],
    ['opa bench (topdown), the USD policies, data and input', fiatTopdown],
  ] as const
  // The figures depend on the engine and the machine: say which.
  console.log(
    `node ${process.version} (V8 ${process.versions.v8}), ${cpus()[0]?.model ?? 'unknown CPU'} × ${cpus().length}`,
  )
  for (const [name, { p50, p99 }] of rows)
    console.log(`${name.padEnd(72)} p50 ${us(p50).padStart(10)}  p99 ${us(p99).padStart(10)}`)
  console.log(`topdown p50 / evaluate p50: ${(topdown.p50 / large.figures.p50).toFixed(2)}× (goal ≥ 2×)`)
  console.log(`evaluate p50 / no-op p50: ${(large.figures.p50 / noop.p50).toFixed(2)}×`)
  console.log(`the policy library's own work (its row − floor), p50: ${us(library.p50 - floor.p50)}`)
  console.log(
    `p50 at ${accounts} accounts / p50 at 1000 accounts: ${(large.figures.p50 / small.figures.p50).toFixed(3)} (goal ≤ 1.10)`,
  )
  console.log(
    `p50 in USD / p50 in token units, 1000 accounts: ${(fiat.figures.p50 / small.figures.p50).toFixed(2)}×; topdown p50 / evaluate p50 in USD: ${(fiatTopdown.p50 / fiat.figures.p50).toFixed(2)}×`,
  )
} finally {
  rmSync(work, { recursive: true, force: true })
}
