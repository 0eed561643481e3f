import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { type LoadedPolicy, loadPolicy } from '@open-policy-agent/opa-wasm'
import {
  applyEntityChanges,
  type Entities,
  type EntityChange,
  type EntityIndex,
  entityChangesBetweenInSteps,
  loadEntitiesInSteps,
  MutableEntityIndex,
} from '@rampart/entities'
import { type AttestationKey, attest } from './attestation'
import { buildInput, type EvaluationState, ORG, type PolicyInput, presetSet } from './buildInput'
import { accountsFor, type Decided, type DecisionInput, decide } from './decide'
import { decoderErrorRefusal } from './decoderErrorOf'
import { ENTRYPOINTS, WASM_PATH } from './entrypoints'
import { EvaluatorError } from './errors'
import {
  type DataInParts,
  emptyCandidates,
  evaluationStateInSteps,
  policyData,
  policyDataInPartsInSteps,
  SPACING,
  updatePolicySets,
} from './evaluationState'
import type { Decision } from './generated/decision'
import type { EvaluationRequest } from './generated/evaluationRequest'
import type { Policy } from './generated/policy'
import type { Preset } from './generated/preset'
import { runInSlices, runToEnd, type Steps } from './inSlices'
import { MAX_INTENT_DEPTH, nestingPath } from './nestingPath'
import { applyToPrepared, entityPatches } from './patchEntities'
import { canPatch, type DataPatch, patchPolicyData, setPolicyData } from './patchPolicyData'
import { policyCall } from './policyCall'
import { BUILTIN_PRESETS } from './presets'
import { DEFAULT_PRICE_MAX_AGE, PriceUnavailable } from './priceBook'
import { readVerdict } from './readVerdict'
import { refusal } from './refusal'
import { issuesFromAjv, SCHEMA_IDS, validator } from './schemaValidators'
import { feeUnknown, spellOutDecisions } from './spellOutDecision'
import { validatePolicies, validatePresets } from './validatePolicies'

/** opa-wasm's ES module exports loadPolicy alone; its CommonJS module has loadPolicySync as well. */
const { loadPolicySync } = createRequire(import.meta.url)(
  '@open-policy-agent/opa-wasm',
) as typeof import('@open-policy-agent/opa-wasm')

export interface EvaluatorOptions {
  /**
   * The organization: an index from `loadEntities` (validated once, where the document came in, and shared with
   * the decoder), or the Entities document itself, which the evaluator then validates and indexes.
   */
  entities: Entities | EntityIndex
  policies: Policy[]
  /** Presets that requests may name; the built-in presets when left out. */
  presets?: readonly Preset[]
  /** Signs an attestation of each decision made with evaluateAndAttest. */
  attestationKey?: AttestationKey
  /** The compiled policy library, or its file URL; the package's wasm/policy.wasm when left out. */
  wasm?: Uint8Array | URL
  /**
   * How old, in seconds, a price given with a request may be at the request's time (`now`) for a criterion or
   * limit in a currency to use it; 300 when left out. An older one refuses the request (PRICE_UNAVAILABLE).
   */
  priceMaxAge?: number
}

export interface EvaluateOptions {
  /** Preset ids to evaluate the request against as well; the decision then carries policyEvaluation. */
  presets?: readonly string[]
}

/** What Evaluator.update swaps in: each member left out stays as it is. */
export interface EvaluatorUpdate {
  entities?: Entities | EntityIndex
  policies?: Policy[]
  presets?: readonly Preset[]
}

export interface Evaluator {
  /**
   * Decides a signing request as it comes in: the action of its method, a refusal of what the decoder could not
   * read, the accounts its signer acts for, one evaluation for each, and the least permitted decision. The rule
   * every caller shares (the gateway, `/evaluate`, the CLI). Never throws.
   */
  decide(input: DecisionInput): Decided
  /** The accounts decide() would decide a request for (the one named, or its signer's); empty when none is known. */
  accountsFor(input: Omit<DecisionInput, 'principal'>): string[]
  /**
   * Decides one evaluation request, for the one account it names. Never throws: any failure is a Forbid with a
   * reason, and an intent that carries a decoderError (at any depth) is refused with DECODING_FAILED.
   */
  evaluate(request: EvaluationRequest, options?: EvaluateOptions): Decision
  /** Decides a request and, with an attestation key, signs the decision and the request's hash. */
  evaluateAndAttest(request: EvaluationRequest, options?: EvaluateOptions): Promise<Decision>
  /**
   * Swaps in new entities, policies or presets without reloading the module. Throws (keeping the old data) when
   * invalid. Policies or presets alone are patched into the loaded data (the organization is not prepared or
   * loaded again), and of them only the policies changed, added, removed or moved are prepared and patched.
   *
   * New entities alone are compared with those in force (entityChangesBetween) and, when they differ by entities
   * put or removed, patched in as updateEntities would: one account added to a hundred thousand costs a comparison
   * of the two documents, not a load. The lists are compared with copies taken when the organization came in, so a
   * list edited in place (an entity pushed, replaced or taken out) still shows its changes; an entity object given
   * again (the very object, as immutable updates keep what they do not change) is taken as unchanged without being
   * read: change an entity by giving a new object, never by editing its members in place. Entities given with
   * policies or presets, or that differ otherwise or in more than a twentieth of their entities, are validated,
   * prepared and loaded whole.
   */
  update(data: EvaluatorUpdate): void
  /**
   * update(), with turns of the event loop between its steps, for a server that goes on deciding meanwhile: at
   * 100,000 accounts, comparing a new document read from JSON takes about 50 ms, and loading one whole over a
   * second. Until the promise settles, decisions are made with what was in force before; then the update takes
   * effect at once, or the promise rejects (an EvaluatorError, as update() throws) and the old data stays in force.
   * A document loaded whole is loaded into an instance of the policy library of its own, which takes the old one's
   * place only once it holds the new data. Calls run one after the other, in the order made; one that another
   * change overtook (update(), updateEntities()) starts over from what that change left. Do not edit the document
   * given until the promise settles.
   */
  updateInSlices(data: EvaluatorUpdate): Promise<void>
  /**
   * Puts or removes entities, one change after the other, at a cost in proportion to the changes (not to the
   * organization): each is validated against the organization as the changes before it left it (its schema, what
   * it refers to, the addresses, kids and keys others hold; a removed entity no link may still name), then patched
   * into the index, the prepared entities and the loaded data. All or nothing: a refused change throws an
   * EvaluatorError (INVALID_ENTITIES) whose issues point into `changes`, and the old data stays in force.
   */
  updateEntities(changes: readonly EntityChange[]): void
  /**
   * The organization decided with, indexed: the same index to hand the decoder (`decodeRequest(rpc, { entities })`).
   * After updateEntities, an index that reflects the changes: read it again after each change.
   */
  readonly entities: EntityIndex
  /** Why every decision is a refusal: the policy library could not be loaded, or lost its data in a failed update. */
  readonly unavailable: string | undefined
}

/**
 * The index of the organization decided with: a whole one (all ten collections, whatever kind the document looks
 * like), validated once. An index loadEntities built as a full document was validated where it came in.
 */
function* indexInSteps(entities: Entities | EntityIndex): Steps<EntityIndex> {
  if (isIndex(entities) && entities.validated === 'full') return entities
  const result = yield* loadEntitiesInSteps(isIndex(entities) ? entities.entities : entities, {
    kind: 'full',
  })
  if (!result.index) {
    const issues = result.issues
      .filter((issue) => issue.severity === 'error')
      .map(({ code, path, message }) => ({ code, path, message }))
    throw new EvaluatorError('INVALID_ENTITIES', `entities are invalid: ${issues.length} error(s)`, {
      issues,
    })
  }
  return result.index
}

/**
 * A document with each of its lists copied (the entities in them are not): what update({ entities }) compares the
 * next one with. A hundred thousand accounts take about a millisecond.
 */
function listsCopied(entities: Entities | EntityIndex): Record<string, unknown> {
  const doc = (isIndex(entities) ? entities.entities : entities) as unknown as Record<string, unknown>
  const copy: Record<string, unknown> = { ...doc }
  for (const [name, value] of Object.entries(doc)) if (Array.isArray(value)) copy[name] = value.slice()
  return copy
}

const isIndex = (entities: Entities | EntityIndex): entities is EntityIndex =>
  typeof (entities as Partial<EntityIndex>).accountByAddress === 'function'

function checkPolicies(policies: unknown): void {
  const result = validatePolicies(policies)
  if (!result.valid)
    throw new EvaluatorError('INVALID_POLICIES', `policies are invalid: ${result.issues.length} error(s)`, {
      issues: result.issues,
    })
}

function checkPresets(presets: unknown): void {
  const result = validatePresets(presets)
  if (!result.valid)
    throw new EvaluatorError('INVALID_PRESETS', `presets are invalid: ${result.issues.length} error(s)`, {
      issues: result.issues,
    })
}

async function loadWasm(
  wasm: Uint8Array | URL | undefined,
  pages: number,
): Promise<{ policy?: LoadedPolicy; bytes?: Uint8Array; error?: string }> {
  try {
    const bytes =
      wasm instanceof Uint8Array ? wasm : await readFile(wasm ?? new URL(`../${WASM_PATH}`, import.meta.url))
    const policy = await loadPolicy(bytes, { initial: pages })
    if (!(ENTRYPOINTS.decision in policy.entrypoints))
      return { error: 'the policy library has no decision entrypoint' }
    return { policy, bytes }
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
function pagesFor(jsonBytes: number): number {
  return Math.max(MIN_PAGES, Math.ceil((jsonBytes * HEAP_PER_JSON_BYTE) / PAGE))
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
 * issue), and prepares them: the state the evaluator keeps, pausing between steps (inSlices.ts).
 */
function* preparedState(next: {
  entities: Entities | EntityIndex
  policies: Policy[]
  presets: readonly Preset[]
}): Steps<{ state: EvaluationState; index: EntityIndex }> {
  // Validated a step at a time too: at 100,000 accounts, about 0.2 s in one go.
  const index = yield* indexInSteps(next.entities)
  checkPolicies(next.policies)
  checkPresets(next.presets)
  yield
  const state = yield* evaluationStateInSteps({ ...next, entities: index.entities }, SPACING)
  return { state, index }
}

/** preparedState in one go, with the JSON the policy library loads whole. */
function prepare(next: Parameters<typeof preparedState>[0]) {
  const { state, index } = runToEnd(preparedState(next))
  return { state, index, json: dataJson(state) }
}

/** update({ entities }) patches in at most one change per this many entities of the new organization. */
const MOST_CHANGED = 20

/** How long the background indexing of an organization for changes runs at a time, in milliseconds. */
const INDEXING_SLICE = 4

/**
 * The index that entity changes apply to: one pass over the organization, made a slice at a time between other
 * work, so that neither createEvaluator nor the event loop waits for it (a change before it is done finishes it).
 *
 * The slices run on unref'd timers, not immediates: an unref'd immediate runs only when something else wakes the
 * loop, so on a quiet process the pass never advanced (at 100,000 accounts it was still pending a minute later)
 * and went on taking 4 ms of each busy turn instead, until the first entity change did the rest in one block. A
 * timer runs in the idle time too, and still does not keep the process alive. The index is held weakly: an
 * evaluator dropped before its pass is done (its client's state built anew) stops taking slices once collected,
 * where each one left behind used to go on indexing for nothing, slowing every turn of the loop.
 */
function changeIndexOf(index: EntityIndex, lists: Record<string, unknown>): MutableEntityIndex {
  if (index instanceof MutableEntityIndex) return index
  // Of the lists as they came in (listsCopied): the pass reads them later, and the caller may edit its own by then.
  const changeIndex = new MutableEntityIndex(lists as unknown as Entities, { deferred: true })
  const building = new WeakRef(changeIndex)
  const step = () => {
    const pending = building.deref()
    if (pending && !pending.indexSome(INDEXING_SLICE)) setTimeout(step, 0).unref()
  }
  setTimeout(step, 0).unref()
  return changeIndex
}

/** The rest of an index's background pass, a slice at a time. */
function* indexedInSteps(index: MutableEntityIndex): Steps<void> {
  while (!index.indexSome(INDEXING_SLICE)) yield
}

/**
 * Loads the data a part a step: the skeleton whole, then each collection serialized, and patched in. A library that
 * cannot patch (an ABI before opa_value_add_path) is loaded whole, in one step.
 */
function* loadInParts(policy: LoadedPolicy, data: DataInParts, state: EvaluationState): Steps<void> {
  if (!canPatch(policy)) {
    setPolicyData(policy, bufferOf(dataJson(state)))
    return
  }
  setPolicyData(policy, bufferOf(data.skeleton))
  for (const collection of data.collections()) {
    yield
    if (!collection) continue
    patchPolicyData(policy, [collection])
    yield
  }
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
  let entities: Entities | EntityIndex = options.entities
  let policies = options.policies
  let presets = options.presets ?? BUILTIN_PRESETS
  const priceMaxAge = options.priceMaxAge ?? DEFAULT_PRICE_MAX_AGE
  if (!Number.isSafeInteger(priceMaxAge) || priceMaxAge < 0)
    throw new RangeError(`options.priceMaxAge must be a whole number of seconds, 0 or more: ${priceMaxAge}`)
  // In slices, with turns of the event loop between them: an embedding server goes on answering while a large
  // organization is prepared, serialized and loaded (over a second in one go at 100,000 accounts).
  const initial = await runInSlices(preparedState({ entities, policies, presets }))
  const data = await runInSlices(policyDataInPartsInSteps(initial.state))
  let state = initial.state
  let index = initial.index
  // Validated once: an update that changes only policies or presets does not validate the organization again.
  entities = index
  /** The organization in force as it was given, with its lists copied (changesTo): unset once changed in place. */
  let inForce: Record<string, unknown> | undefined = listsCopied(index.entities)

  const loaded = await loadWasm(options.wasm, pagesFor(data.bytes))
  const unavailable = loaded.error
  let policy = loaded.policy
  const entrypoint = policy?.entrypoints[ENTRYPOINTS.decision] as number | undefined
  let call = policy && entrypoint !== undefined ? policyCall(policy, entrypoint) : undefined
  /** Why every decision is refused since the policy library lost its data in a failed update. */
  let dataLost: string | undefined
  if (policy) await runInSlices(loadInParts(policy, data, initial.state))
  // Begun once the organization is loaded: its slices would otherwise share every turn with the load's, which took
  // a third longer at 100,000 accounts.
  let changeIndex = changeIndexOf(index, inForce)

  /**
   * A new instance of the policy library, its memory sized for data this large, when the current one's is not: its
   * allocator grows the memory it started with a page at a time, and each growth of hundreds of megabytes costs a
   * major collection (an evaluator made for two accounts took 7.5 s to load 100,000, against 1.0-1.6 s). Its data
   * is loaded before it takes the old one's place, so a failure leaves the old one in force.
   */
  const regrown = (json: Uint8Array) => {
    const pages = pagesFor(json.byteLength)
    if (!policy || !loaded.bytes || entrypoint === undefined || policy.mem.buffer.byteLength >= pages * PAGE)
      return
    const grown = loadPolicySync(loaded.bytes, { initial: pages })
    setPolicyData(grown, bufferOf(json))
    policy = grown
    call = policyCall(grown, entrypoint)
    return grown
  }
  /** Loads the data of a state whole: the start, an update of the organization, and the last resort of a patch. */
  const loadData = (json: Uint8Array, old: EvaluationState) => {
    if (regrown(json)) {
      dataLost = undefined
      return
    }
    try {
      if (policy) setPolicyData(policy, bufferOf(json))
    } catch (error) {
      // A failed setData has already written over the data it replaces: the old data goes back in, and when it
      // cannot either, every decision is refused until an update succeeds.
      restore(old)
      throw error
    }
    dataLost = undefined
  }
  const restore = (old: EvaluationState) => {
    try {
      if (policy) setPolicyData(policy, bufferOf(dataJson(old)))
    } catch (again) {
      dataLost = `the policy library lost its data in a failed update: ${describe(again)}`
    }
  }
  /**
   * Patches the loaded data in place. When a patch fails, `rollback` puts back the policy sets' index the new state
   * shares with the old one, the undo patches put back what was there; when they fail too, the old state's data is
   * loaded whole; when that fails, every decision is refused.
   */
  const patchData = (patches: readonly DataPatch[], undo: readonly DataPatch[], rollback: () => void) => {
    if (!policy || patches.length === 0) return
    try {
      patchPolicyData(policy, patches)
    } catch (error) {
      rollback()
      try {
        patchPolicyData(policy, undo)
      } catch {
        restore(state)
      }
      throw error
    }
  }
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
    // Fail closed whoever the caller is: what the decoder could not read, no policy may permit.
    const undecoded = decoderErrorRefusal(
      (request as { intent?: EvaluationRequest['intent'] } | null)?.intent,
    )
    if (undecoded) return undecoded
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
    let input: PolicyInput
    try {
      input = buildInput(request, requested, current, priceMaxAge)
    } catch (error) {
      // A forbid in a currency that cannot be checked must not be skipped: no price, no decision but a refusal.
      if (error instanceof PriceUnavailable)
        return refusal('PRICE_UNAVAILABLE', `the request cannot be valued: ${error.message}`, [
          { path: error.path, message: error.message },
        ])
      // A history summed for other windows than the limits count (historyTotals): the limits cannot be counted.
      return refusal('EVALUATION_FAILED', `the limits cannot be counted: ${describe(error)}`)
    }
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

  /** Puts or removes entities in place (Evaluator.updateEntities): all or nothing. */
  const putEntityChanges = (changes: readonly EntityChange[]) => {
    if (dataLost !== undefined || (policy && !canPatch(policy)))
      throw new EvaluatorError(
        'INVALID_ENTITIES',
        dataLost === undefined
          ? 'this policy library cannot patch its data: update() the entities whole'
          : 'the policy library lost its data: update() the entities whole',
        { issues: [] },
      )
    const result = applyEntityChanges(changeIndex, changes)
    if (!result.valid) {
      const issues = result.issues.map(({ code, path, message }) => ({ code, path, message }))
      throw new EvaluatorError('INVALID_ENTITIES', `entity changes are invalid: ${issues.length} error(s)`, {
        issues,
      })
    }
    try {
      const {
        changes: prepared,
        patches,
        undo,
        tokensChanged,
      } = entityPatches(state.entities, changeIndex, result.applied)
      let sets = state.sets
      let rollback = () => {}
      if (tokensChanged) {
        // Amounts of policies are written in base units of the tokens' decimals: the policy sets follow a token.
        const decimals: Record<string, number> = Object.assign(Object.create(null), state.entities.decimals)
        for (const [name, key, value] of prepared) {
          if (name !== 'decimals') continue
          if (value === undefined) delete decimals[key]
          else decimals[key] = value as number
        }
        const swap = updatePolicySets(state.sets, policies, presets, decimals)
        sets = swap.sets
        rollback = swap.rollback
        patches.push(...swap.patches)
        undo.unshift(...swap.undo)
      }
      patchData(patches, undo, rollback)
      applyToPrepared(state.entities, prepared)
      state = { ...state, sets, candidates: emptyCandidates() }
      // The changed organization: the index built from the document no longer describes it.
      index = changeIndex
      entities = changeIndex
    } catch (error) {
      result.undo()
      throw error
    }
  }

  /**
   * The entity changes that turn the organization in force into `next`, or undefined when the difference is not a
   * list of entity changes (entityChangesBetween). It is compared with the organization as it was given, its lists
   * copied then: a list edited in place since (an entity pushed, replaced or taken out) still shows as a difference.
   */
  function* changesTo(next: Entities | EntityIndex): Steps<EntityChange[] | undefined> {
    const before = inForce ?? (index.entities as unknown as Record<string, unknown>)
    const after = (isIndex(next) ? next.entities : next) as unknown as Record<string, unknown>
    // Anything but a document (from a caller outside TypeScript) is left to the whole load, which says what it is.
    if (typeof after !== 'object' || after === null || Array.isArray(after)) return undefined
    const changes = yield* entityChangesBetweenInSteps(before, after)
    // Past a twentieth of the organization, patching each change costs about what loading it whole does.
    const size = Object.values(after).reduce<number>(
      (n, items) => n + (Array.isArray(items) ? items.length : 0),
      0,
    )
    return changes && changes.length * MOST_CHANGED <= size ? changes : undefined
  }

  /** The changes patched in, with the document's lists kept to compare the next one with; false when refused. */
  const patchedIn = (changes: readonly EntityChange[], next: Entities | EntityIndex): boolean => {
    try {
      putEntityChanges(changes)
    } catch {
      // Refused, or not patched: nothing changed, and the document is loaded whole.
      return false
    }
    inForce = listsCopied(next)
    return true
  }

  /** A state prepared whole taken up, its data loaded already. */
  const takeUp = (
    prepared: { state: EvaluationState; index: EntityIndex },
    next: { policies: Policy[]; presets: readonly Preset[] },
  ) => {
    state = prepared.state
    index = prepared.index
    inForce = listsCopied(index.entities)
    changeIndex = changeIndexOf(index, inForce)
    entities = prepared.index
    ;({ policies, presets } = next)
  }

  /**
   * A new instance of the policy library holding a state's data, loaded a part at a time (undefined without a
   * library). The instance in force goes on deciding until it is swapped in.
   */
  const loadedInSlices = async (next: EvaluationState): Promise<LoadedPolicy | undefined> => {
    if (!policy || !loaded.bytes || entrypoint === undefined) return undefined
    const parts = await runInSlices(policyDataInPartsInSteps(next))
    // Compiled asynchronously, off the event loop, as createEvaluator compiles it.
    const fresh = await loadPolicy(loaded.bytes, { initial: pagesFor(parts.bytes) })
    await runInSlices(loadInParts(fresh, parts, next))
    return fresh
  }

  /** Bumped by each change of what is in force: an updateInSlices that began before it starts over. */
  let generation = 0
  /** The updateInSlices calls made so far, run one after the other. */
  let queued: Promise<unknown> = Promise.resolve()

  const updateSliced = async (data: EvaluatorUpdate): Promise<void> => {
    for (;;) {
      const began = generation
      const patchable = dataLost === undefined && (!policy || canPatch(policy))
      // Policies or presets alone are patched in: nothing in that grows with the organization.
      if (data.entities === undefined && patchable) return evaluator.update(data)
      const next = {
        entities: data.entities ?? entities,
        policies: data.policies ?? policies,
        presets: data.presets ?? presets,
      }
      if (data.policies === undefined && data.presets === undefined && patchable) {
        // The background index changes apply to, finished a slice at a time: the patch would finish it in one go,
        // up to a second and a half at 100,000 accounts just after createEvaluator.
        await runInSlices(indexedInSteps(changeIndex))
        const changes = await runInSlices(changesTo(next.entities))
        if (generation !== began) continue
        if (changes?.length === 0) return
        if (changes && patchedIn(changes, next.entities)) {
          generation++
          return
        }
      }
      const prepared = await runInSlices(preparedState(next))
      if (generation !== began) continue
      const fresh = await loadedInSlices(prepared.state)
      if (generation !== began) continue
      generation++
      if (fresh) {
        policy = fresh
        call = policyCall(fresh, entrypoint as number)
        dataLost = undefined
      }
      takeUp(prepared, next)
      return
    }
  }

  const evaluator: Evaluator = {
    decide: (input) => {
      try {
        return decide(evaluate, { prepared: state.entities, index }, input)
      } catch (error) {
        // Only a caller outside TypeScript can hand over an input that breaks the rule itself: still a refusal.
        const decision = refusal('EVALUATION_FAILED', `the request cannot be decided: ${describe(error)}`)
        return { decision, request: input as unknown as EvaluationRequest, userId: undefined }
      }
    },
    accountsFor: (input) => accountsFor({ prepared: state.entities, index }, input),
    evaluate,
    async evaluateAndAttest(request, evaluateOptions) {
      const decision = evaluate(request, evaluateOptions)
      if (!options.attestationKey) return decision
      return { ...decision, attestation: await attest(decision, request, options.attestationKey) }
    },
    update(data) {
      generation++
      const next = {
        entities: data.entities ?? entities,
        policies: data.policies ?? policies,
        presets: data.presets ?? presets,
      }
      const patchable = !policy || canPatch(policy)
      if (data.entities === undefined && dataLost === undefined && patchable) {
        // Only policies or presets: the organization stays prepared and loaded; the policy sets are patched in.
        checkPolicies(next.policies)
        checkPresets(next.presets)
        // Only the policies changed, added, removed or moved are prepared and patched; presets left out keep their
        // prepared sets.
        const swap = updatePolicySets(state.sets, next.policies, data.presets, state.entities.decimals)
        const updated = {
          ...state,
          sets: swap.sets,
          presetIds: new Set(next.presets.map((preset) => preset.id)),
          candidates: emptyCandidates(),
        }
        patchData(swap.patches, swap.undo, swap.rollback)
        state = updated
        ;({ policies, presets } = next)
        return
      }
      if (data.policies === undefined && data.presets === undefined && dataLost === undefined && patchable) {
        // One account added to a hundred thousand is patched in, as updateEntities would, not loaded whole. A
        // change refused here is loaded whole below, so that its issues point into the document.
        const changes = runToEnd(changesTo(next.entities))
        if (changes?.length === 0) return
        if (changes && patchedIn(changes, next.entities)) return
      }
      const prepared = prepare(next)
      loadData(prepared.json, state)
      takeUp(prepared, next)
    },
    updateInSlices(data) {
      const run = queued.then(() => updateSliced(data))
      queued = run.catch(() => {})
      return run
    },
    updateEntities(changes) {
      generation++
      putEntityChanges(changes)
      inForce = undefined
    },
    get entities() {
      return index
    },
    get unavailable() {
      return dataLost ?? unavailable
    },
  }
  return evaluator
}
