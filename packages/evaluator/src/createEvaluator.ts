import { readFile } from 'node:fs/promises'
import { type LoadedPolicy, loadPolicy } from '@open-policy-agent/opa-wasm'
import { type Entities, validateEntities } from '@rampart/entities'
import { type AttestationKey, attest } from './attestation'
import { buildInput, type EvaluationState, ORG, presetSet } from './buildInput'
import { ENTRYPOINTS, WASM_PATH } from './entrypoints'
import { EvaluatorError } from './errors'
import { evaluationState, policyData } from './evaluationState'
import type { Decision } from './generated/decision'
import type { EvaluationRequest } from './generated/evaluationRequest'
import type { Policy } from './generated/policy'
import type { Preset } from './generated/preset'
import { MAX_INTENT_DEPTH, nestingPath } from './nestingPath'
import { policyCall } from './policyCall'
import { BUILTIN_PRESETS } from './presets'
import { readVerdict } from './readVerdict'
import { refusal } from './refusal'
import { issuesFromAjv, SCHEMA_IDS, validator } from './schemaValidators'
import { feeUnknown, spellOutDecisions } from './spellOutDecision'
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
  /** Why every decision is a refusal: the policy library could not be loaded, or lost its data in a failed update. */
  readonly unavailable: string | undefined
}

/** The evaluator decides with a whole organization: all ten collections, whatever kind the document looks like. */
function checkEntities(entities: Entities): void {
  const result = validateEntities(entities, { kind: 'full' })
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
  pages: number,
): Promise<{ policy?: LoadedPolicy; error?: string }> {
  try {
    const bytes =
      wasm instanceof Uint8Array ? wasm : await readFile(wasm ?? new URL(`../${WASM_PATH}`, import.meta.url))
    const policy = await loadPolicy(bytes, { initial: pages })
    if (!(ENTRYPOINTS.decision in policy.entrypoints))
      return { error: 'the policy library has no decision entrypoint' }
    return { policy }
  } catch (error) {
    return { error: `the policy library cannot be loaded: ${describe(error)}` }
  }
}

/**
 * WASM memory per byte of an organization's JSON while it is parsed: the parse peaks at about 17 (the data then
 * keeps about 7.5). Pages the parse never touches cost no physical memory.
 */
const HEAP_PER_JSON_BYTE = 20
const PAGE = 65_536
const MIN_PAGES = 5

/**
 * The memory to instantiate the module with. The WASM allocator only sees the memory it starts with and grows
 * it page by page past that, copying it each time: a 100,000-account organization then takes minutes to load
 * instead of about a second. Sizing the memory for the data up front avoids that.
 */
function pagesFor(json: Uint8Array): number {
  return Math.max(MIN_PAGES, Math.ceil((json.byteLength * HEAP_PER_JSON_BYTE) / PAGE))
}

/** The bytes as an ArrayBuffer of their own: opa-wasm reads the whole buffer it is given. */
function bufferOf(bytes: Uint8Array): ArrayBuffer {
  const { buffer, byteOffset, byteLength } = bytes
  return byteOffset === 0 && byteLength === buffer.byteLength
    ? (buffer as ArrayBuffer)
    : (buffer.slice(byteOffset, byteOffset + byteLength) as ArrayBuffer)
}

function describe(error: unknown): string {
  if (error instanceof Error) return error.message
  return typeof error === 'string' ? error : 'unknown error'
}

const presetSets = (ids: readonly string[]) => ids.map((id) => ({ id, set: presetSet(id) }))

/**
 * Validates the organization's entities, policies and presets (throwing an EvaluatorError that lists each
 * issue), and prepares them: the state the evaluator keeps, and the JSON the policy library loads.
 */
function prepare(next: { entities: Entities; policies: Policy[]; presets: readonly Preset[] }): {
  state: EvaluationState
  json: Uint8Array
} {
  checkEntities(next.entities)
  checkPolicies(next.policies)
  checkPresets(next.presets)
  const state = evaluationState(next)
  return { state, json: dataJson(state) }
}

/** The JSON the policy library loads for a state. */
const dataJson = (state: EvaluationState) => new TextEncoder().encode(JSON.stringify(policyData(state)))

/**
 * Loads the compiled policy library once and returns an evaluator over the organization's entities, policies and
 * presets. Invalid entities, policies or presets throw an EvaluatorError whose details list each issue with its
 * JSON Pointer. A missing or corrupt WASM does not throw: the evaluator then refuses every request.
 */
export async function createEvaluator(options: EvaluatorOptions): Promise<Evaluator> {
  const validateRequest = validator(SCHEMA_IDS.request)
  let entities = options.entities
  let policies = options.policies
  let presets = options.presets ?? BUILTIN_PRESETS
  const initial = prepare({ entities, policies, presets })
  let state = initial.state

  const { policy, error: unavailable } = await loadWasm(options.wasm, pagesFor(initial.json))
  const entrypoint = policy?.entrypoints[ENTRYPOINTS.decision] as number | undefined
  policy?.setData(bufferOf(initial.json))
  const call = policy && entrypoint !== undefined ? policyCall(policy, entrypoint) : undefined
  /** Why every decision is refused since the policy library lost its data in a failed update. */
  let dataLost: string | undefined

  const evaluate = (request: EvaluationRequest, evaluateOptions?: EvaluateOptions): Decision => {
    if (!call || dataLost !== undefined) {
      return refusal('EVALUATOR_UNAVAILABLE', dataLost ?? unavailable ?? 'the policy library is not loaded')
    }
    // The intent is the one part of a request whose schema nests without end (calls in calls, typed data).
    const tooDeep = nestingPath((request as { intent?: unknown } | null)?.intent, MAX_INTENT_DEPTH)
    if (tooDeep !== undefined) {
      return refusal('INVALID_REQUEST', `the intent nests deeper than ${MAX_INTENT_DEPTH} levels`, [
        { path: `/intent${tooDeep}`, message: `is nested more than ${MAX_INTENT_DEPTH} levels deep` },
      ])
    }
    if (!validateRequest(request)) {
      return refusal(
        'INVALID_REQUEST',
        'the request does not match its schema',
        issuesFromAjv(validateRequest.errors),
      )
    }
    const requested = evaluateOptions?.presets ?? []
    if (!Array.isArray(requested))
      return refusal('INVALID_REQUEST', 'presets must be a list of preset ids', [
        { path: '/presets', message: 'is not a list' },
      ])
    for (const [unknown, id] of requested.entries()) {
      if (!state.presetIds.has(id))
        return refusal('INVALID_REQUEST', `unknown preset ${id}`, [
          { path: `/presets/${unknown}`, message: 'is not a loaded preset' },
        ])
    }
    const current = state
    const input = buildInput(request, requested, current)
    let result: unknown
    try {
      result = call(JSON.stringify(input))
    } catch (error) {
      return refusal('EVALUATION_FAILED', `the policy library failed: ${describe(error)}`)
    }
    const verdicts = readVerdict(result, input.sets ?? [ORG], current.sets)
    if (!verdicts) {
      return refusal('INVALID_RESULT', 'the policy library returned no decision, or a malformed one')
    }
    return spellOutDecisions(
      verdicts,
      current.sets,
      ORG,
      requested.length === 0 ? [] : presetSets(requested),
      feeUnknown(request),
    )
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
      const loaded = prepare(next)
      try {
        policy?.setData(bufferOf(loaded.json))
      } catch (error) {
        // A failed setData has already written over the data it replaces: the old data goes back in, and when it
        // cannot either, every decision is refused until an update succeeds.
        try {
          policy?.setData(bufferOf(dataJson(state)))
        } catch (again) {
          dataLost = `the policy library lost its data in a failed update: ${describe(again)}`
        }
        throw error
      }
      dataLost = undefined
      state = loaded.state
      ;({ entities, policies, presets } = next)
    },
    get unavailable() {
      return dataLost ?? unavailable
    },
  }
}
