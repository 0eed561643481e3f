import { readFile } from 'node:fs/promises'
import { type LoadedPolicy, loadPolicy } from '@open-policy-agent/opa-wasm'
import { type Entities, validateEntities } from '@rampart/entities'
import { type AttestationKey, attest } from './attestation'
import { buildInput, type EvaluationState, ORG, presetSet } from './buildInput'
import { ENTRYPOINTS, WASM_PATH } from './entrypoints'
import { EvaluatorError } from './errors'
import type { Decision } from './generated/decision'
import type { EvaluationRequest } from './generated/evaluationRequest'
import type { Policy } from './generated/policy'
import type { Preset } from './generated/preset'
import { prepareEntities } from './prepareEntities'
import { type PreparedPolicySet, preparePolicySet } from './preparePolicies'
import { BUILTIN_PRESETS } from './presets'
import { refusal } from './refusal'
import { issuesFromAjv, SCHEMA_IDS, validator } from './schemaValidators'
import { validatePolicies, validatePresets } from './validatePolicies'

export interface EvaluatorOptions {
  entities: Entities
  policies: Policy[]
  /** Presets that requests may name; the built-in presets when left out. */
  presets?: readonly Preset[]
  /** Signs an attestation of each decision made with evaluateAndAttest. */
  attestationKey?: AttestationKey
  /** The compiled policy library, or its file URL; the package's wasm/policy.wasm when left out. */
  wasm?: Uint8Array | URL
}

export interface EvaluateOptions {
  /** Preset ids to evaluate the request against as well; the decision then carries policyEvaluation. */
  presets?: readonly string[]
}

export interface Evaluator {
  /** Decides a request. Never throws: any failure is a Forbid with a reason. */
  evaluate(request: EvaluationRequest, options?: EvaluateOptions): Decision
  /** Decides a request and, with an attestation key, signs the decision and the request's hash. */
  evaluateAndAttest(request: EvaluationRequest, options?: EvaluateOptions): Promise<Decision>
  /** Swaps in new entities, policies or presets without reloading the module. Throws (keeping the old data) when invalid. */
  update(data: { entities?: Entities; policies?: Policy[]; presets?: readonly Preset[] }): void
  /** Why every decision is a refusal, when the policy library could not be loaded. */
  readonly unavailable: string | undefined
}

function checkEntities(entities: Entities): void {
  const result = validateEntities(entities)
  if (!result.valid) {
    const issues = result.issues
      .filter((issue) => issue.severity === 'error')
      .map(({ code, path, message }) => ({ code, path, message }))
    throw new EvaluatorError('INVALID_ENTITIES', `entities are invalid: ${issues.length} error(s)`, issues)
  }
}

function checkPolicies(policies: unknown): void {
  const result = validatePolicies(policies)
  if (!result.valid)
    throw new EvaluatorError(
      'INVALID_POLICIES',
      `policies are invalid: ${result.issues.length} error(s)`,
      result.issues,
    )
}

function checkPresets(presets: unknown): void {
  const result = validatePresets(presets)
  if (!result.valid)
    throw new EvaluatorError(
      'INVALID_PRESETS',
      `presets are invalid: ${result.issues.length} error(s)`,
      result.issues,
    )
}

async function loadWasm(
  wasm: Uint8Array | URL | undefined,
): Promise<{ policy?: LoadedPolicy; error?: string }> {
  try {
    const bytes =
      wasm instanceof Uint8Array ? wasm : await readFile(wasm ?? new URL(`../${WASM_PATH}`, import.meta.url))
    const policy = await loadPolicy(bytes)
    if (!(ENTRYPOINTS.decision in policy.entrypoints))
      return { error: 'the policy library has no decision entrypoint' }
    return { policy }
  } catch (error) {
    return { error: `the policy library cannot be loaded: ${describe(error)}` }
  }
}

/** The WASM heap an organization needs, per byte of its JSON: measured at about 7.5; rounded up. */
const HEAP_PER_JSON_BYTE = 10
const PAGE = 65_536

/**
 * Loads the data into the WASM. The memory is grown once, ahead of the parse: left to grow page by page while
 * a large organization is parsed, it is copied over and over (100,000 accounts then take minutes, not seconds).
 */
function loadData(policy: LoadedPolicy, data: object): void {
  const json = new TextEncoder().encode(JSON.stringify(data))
  const needed = json.byteLength * HEAP_PER_JSON_BYTE
  const available = policy.mem.buffer.byteLength
  if (needed > available) policy.mem.grow(Math.ceil((needed - available) / PAGE))
  policy.setData(json.buffer as ArrayBuffer)
}

function describe(error: unknown): string {
  if (error instanceof Error) return error.message
  return typeof error === 'string' ? error : 'unknown error'
}

/**
 * Loads the compiled policy library once and returns an evaluator over the organization's entities, policies and
 * presets. Invalid entities, policies or presets throw an EvaluatorError whose details list each issue with its
 * JSON Pointer. A missing or corrupt WASM does not throw: the evaluator then refuses every request.
 */
export async function createEvaluator(options: EvaluatorOptions): Promise<Evaluator> {
  const { policy, error: unavailable } = await loadWasm(options.wasm)
  const entrypoint = policy?.entrypoints[ENTRYPOINTS.decision] as number | undefined
  const validateRequest = validator(SCHEMA_IDS.request)
  const validateDecision = validator(SCHEMA_IDS.decision)

  let entities = options.entities
  let policies = options.policies
  let presets = options.presets ?? BUILTIN_PRESETS
  let state: EvaluationState | undefined

  const load = (next: { entities: Entities; policies: Policy[]; presets: readonly Preset[] }) => {
    checkEntities(next.entities)
    checkPolicies(next.policies)
    checkPresets(next.presets)
    const entities = prepareEntities(next.entities)
    const sets: Record<string, PreparedPolicySet> = {
      [ORG]: preparePolicySet(ORG, next.policies, entities.decimals),
    }
    for (const preset of next.presets) {
      sets[presetSet(preset.id)] = preparePolicySet(presetSet(preset.id), preset.policies, entities.decimals)
    }
    const prepared: EvaluationState = {
      entities,
      sets,
      presetIds: new Set(next.presets.map((preset) => preset.id)),
    }
    if (policy) loadData(policy, { entities: prepared.entities, sets: prepared.sets })
    state = prepared
  }
  load({ entities, policies, presets })

  const evaluate = (request: EvaluationRequest, evaluateOptions: EvaluateOptions = {}): Decision => {
    if (!policy || entrypoint === undefined || !state) {
      return refusal('EVALUATOR_UNAVAILABLE', unavailable ?? 'the policy library is not loaded')
    }
    if (!validateRequest(request)) {
      return refusal(
        'INVALID_REQUEST',
        'the request does not match its schema',
        issuesFromAjv(validateRequest.errors),
      )
    }
    const requested = evaluateOptions.presets ?? []
    const unknown = requested.findIndex((id) => !state?.presetIds.has(id))
    if (unknown >= 0) {
      return refusal('INVALID_REQUEST', `unknown preset ${requested[unknown]}`, [
        { path: `/presets/${unknown}`, message: 'is not a loaded preset' },
      ])
    }
    const input = buildInput(request, requested, state)
    let result: unknown
    try {
      result = policy.evaluate(input, entrypoint)
    } catch (error) {
      return refusal('EVALUATION_FAILED', `the policy library failed: ${describe(error)}`)
    }
    const decision = (result as { result?: unknown }[] | undefined)?.[0]?.result
    if (!validateDecision(decision)) {
      return refusal(
        'INVALID_RESULT',
        'the policy library returned no decision, or one that does not match its schema',
      )
    }
    return decision as Decision
  }

  return {
    evaluate,
    async evaluateAndAttest(request, evaluateOptions) {
      const decision = evaluate(request, evaluateOptions)
      if (!options.attestationKey) return decision
      return { ...decision, attestation: await attest(decision, request, options.attestationKey) }
    },
    update(data) {
      const next = {
        entities: data.entities ?? entities,
        policies: data.policies ?? policies,
        presets: data.presets ?? presets,
      }
      load(next)
      ;({ entities, policies, presets } = next)
    },
    get unavailable() {
      return unavailable
    },
  }
}
