import type { Entities } from '@rampart/entities'
import { type EvaluationState, ORG, presetSet } from './buildInput'
import type { Policy } from './generated/policy'
import type { Preset } from './generated/preset'
import { runToEnd, type Steps } from './inSlices'
import { libraryEntities, libraryValue, shardOf } from './libraryLayout'
import type { DataPatch } from './patchPolicyData'
import type { LibraryPolicy } from './policyEntry'
import { type PreparedEntities, prepareEntitiesInSteps } from './prepareEntities'
import type { PreparedPolicySet } from './preparePolicies'
import { preparePolicySet, type SetUpdate, updatePolicySet } from './updatePolicySet'

/**
 * Prepares validated entities, policies and presets: the state the evaluator decides with. `spacing` spaces the
 * policies' slots (slotLayout.ts): an evaluator leaves a free slot between each two, where an added policy can go.
 */
export function evaluationState(next: StateSources, spacing = 1): EvaluationState {
  return runToEnd(evaluationStateInSteps(next, spacing))
}

type StateSources = { entities: Entities; policies: readonly Policy[]; presets: readonly Preset[] }

/** evaluationState, pausing between steps of the organization's preparation (inSlices.ts). */
export function* evaluationStateInSteps(next: StateSources, spacing = 1): Steps<EvaluationState> {
  const entities = yield* prepareEntitiesInSteps(next.entities)
  return {
    entities,
    sets: preparePolicySets(next.policies, next.presets, entities.decimals, spacing),
    presetIds: new Set(next.presets.map((preset) => preset.id)),
    candidates: emptyCandidates(),
  }
}

/** A cache of no candidates: what a state starts with, and starts over with when its data changes. */
export const emptyCandidates = (): EvaluationState['candidates'] => ({ byKind: new Map(), size: 0 })

/** The organization's policy set and one per preset, with amounts in base units of the tokens' decimals. */
export function preparePolicySets(
  policies: readonly Policy[],
  presets: readonly Preset[],
  decimals: Record<string, number>,
  spacing = 1,
): Record<string, PreparedPolicySet> {
  const sets: Record<string, PreparedPolicySet> = {
    [ORG]: preparePolicySet(ORG, policies, decimals, spacing),
  }
  for (const preset of presets) {
    const name = presetSet(preset.id)
    sets[name] = preparePolicySet(name, preset.policies, decimals, spacing)
  }
  return sets
}

/**
 * Updates the prepared policy sets in place of preparing them again (updatePolicySet.ts): the organization's to
 * `policies`, and when `presets` are given, one per preset (a preset's set left out is removed). Only what changed
 * is prepared and patched. The new sets share their index with the current ones: `rollback` puts those back when
 * the update is not taken. Throws, the current sets intact, when a policy cannot be prepared.
 */
export function updatePolicySets(
  current: EvaluationState['sets'],
  policies: readonly Policy[],
  presets: readonly Preset[] | undefined,
  decimals: Record<string, number>,
) {
  const sets: EvaluationState['sets'] = { ...current }
  const updates: SetUpdate[] = []
  const patches: DataPatch[] = []
  const undo: DataPatch[][] = []
  const rollback = () => {
    for (let k = updates.length - 1; k >= 0; k--) updates[k]?.rollback()
  }
  try {
    const wanted: [string, readonly Policy[]][] = [[ORG, policies]]
    if (presets) for (const preset of presets) wanted.push([presetSet(preset.id), preset.policies])
    for (const [name, setPolicies] of wanted) {
      const update = updatePolicySet(current[name], name, setPolicies, decimals, SPACING)
      updates.push(update)
      sets[name] = update.set
      patches.push(...update.patches)
      undo.push(update.undo)
    }
    const kept = new Set(wanted.map(([name]) => name))
    if (presets)
      for (const [name, set] of Object.entries(current)) {
        if (kept.has(name)) continue
        delete sets[name]
        patches.push({ path: ['sets', name] })
        undo.push([{ path: ['sets', name], value: librarySet(set) }])
      }
  } catch (error) {
    rollback()
    throw error
  }
  // Undone in the reverse order of the changes.
  return { sets, patches, undo: undo.reverse().flat(), rollback }
}

/** The spacing of an evaluator's slots: a free slot between each two policies (slotLayout.ts). */
export const SPACING = 2

/**
 * A policy set as the policy library loads it (data.sets[name]): its policies and the candidates of each bucket by
 * bucket id. The index that picks a request's buckets, and the limits of each bucket, stay in the evaluator.
 */
export function librarySet(set: PreparedPolicySet) {
  const buckets: Record<string, unknown> = {}
  for (const [id, bucket] of Object.entries(set.buckets)) buckets[id] = bucket.policies
  // The library matches with the buckets' criteria: of a policy, it reads only what a decision reports.
  // An empty slot is null: no bucket names it (updatePolicySet.ts).
  const policies = Array.from(set.policies, (policy): LibraryPolicy | null => {
    if (!policy) return null
    const { when: _, ...library } = policy
    return library
  })
  return { policies, buckets }
}

/**
 * The data the policy library loads (data.entities and data.sets): the entities as it holds them (libraryLayout.ts),
 * and each policy set.
 */
export function policyData(state: EvaluationState) {
  return { entities: libraryEntities(state.entities), sets: librarySets(state) }
}

function librarySets(state: EvaluationState) {
  const sets: Record<string, ReturnType<typeof librarySet>> = {}
  for (const [name, set] of Object.entries(state.sets)) sets[name] = librarySet(set)
  return sets
}

/** The policy library's data in parts: whole but for the organization's collections, then those one at a time. */
export interface DataInParts {
  /** policyData with each collection of data.entities empty: loaded first, whole. */
  skeleton: Uint8Array
  /**
   * Each collection's patch under data.entities, serialized as it is taken (the whole data is never one text): a
   * large collection a few thousand entities at a time, with `undefined` between them, where the caller may pause.
   */
  collections: () => Iterable<DataPatch | undefined>
  /** About how large the JSON is, all parts together: what the module's memory is sized for. */
  bytes: number
}

/** Entries of a collection serialized to estimate its size. */
const SAMPLE = 256

/**
 * policyData in parts (inSlices.ts): at 100,000 accounts the data is about 26 MB of JSON, a quarter of a second to
 * write out in one go and twice that for the module to parse. A collection at a time (a sharded one a shard at a
 * time), and a large one written out ENTITIES_PER_PIECE entities at a time, the longest step is the module's parse
 * of the largest part: the users at 10,000 users and 100,000 accounts, a shard of the accounts with ten times as
 * many. Patching a hundred thousand accounts in a key at a time took no step longer than a few milliseconds, but
 * cost two to four times the time in all, most of it in the collector. Each collection's size is estimated from a
 * sample: the module's memory is sized before anything is loaded. Steps: the keys of each collection are listed
 * once, a collection a step (at 100,000 accounts, listing them all took 50 ms in one piece).
 */
export function* policyDataInPartsInSteps(state: EvaluationState): Steps<DataInParts> {
  const empty = Object.fromEntries(Object.keys(state.entities).map((name) => [name, {}]))
  const skeleton = new TextEncoder().encode(JSON.stringify({ entities: empty, sets: librarySets(state) }))
  const entries: [string, Record<string, unknown>, string[]][] = []
  let bytes = skeleton.length
  for (const [name, collection] of Object.entries(state.entities) as [string, Record<string, unknown>][]) {
    const keys = Object.keys(collection)
    entries.push([name, collection, keys])
    yield
    const sample = keys.slice(0, SAMPLE)
    const sampled = sample.reduce(
      (sum, key) => sum + key.length + 4 + JSON.stringify(collection[key]).length,
      0,
    )
    bytes += Math.ceil((sampled / Math.max(1, sample.length)) * keys.length)
  }
  function* collections(): Generator<DataPatch | undefined> {
    for (const [name, collection, keys] of entries) {
      const path = ['entities', name]
      const shard = shardOf(name)
      if (!shard) {
        yield { path, json: yield* writtenOut(name, collection, keys), replaces: true }
        continue
      }
      // Each key filed under its shard, then each shard written out and patched in on its own: a new key of the
      // skeleton's empty collection.
      const shards = new Map<string, string[]>()
      for (let at = 0; at < keys.length; at++) {
        const key = keys[at] as string
        const named = shard(key)
        const filed = shards.get(named)
        if (filed) filed.push(key)
        else shards.set(named, [key])
        if (at % ENTITIES_PER_PIECE === ENTITIES_PER_PIECE - 1) yield undefined
      }
      for (const [named, filed] of shards)
        yield { path: [...path, named], json: yield* writtenOut(name, collection, filed), replaces: false }
    }
  }
  return { skeleton, collections, bytes }
}

/** The JSON of the collection's keys as the library holds them, ENTITIES_PER_PIECE entities between pauses. */
function* writtenOut(
  name: string,
  collection: Record<string, unknown>,
  keys: readonly string[],
): Generator<undefined, string> {
  const pieces: string[] = []
  for (let from = 0; from < keys.length; from += ENTITIES_PER_PIECE) {
    // Each member written out on its own, in the keys' order: an object of thousands of keys to stringify whole is
    // a dictionary V8 writes out slowly (a piece of 10,000 accounts held the event loop for 40-70 ms), and an id
    // such as "__proto__" is a member like any other.
    const members: string[] = []
    const end = Math.min(keys.length, from + ENTITIES_PER_PIECE)
    for (let at = from; at < end; at++) {
      const key = keys[at] as string
      const value = JSON.stringify(libraryValue(name as keyof PreparedEntities, collection[key]))
      if (value !== undefined) members.push(`${JSON.stringify(key)}:${value}`)
    }
    pieces.push(members.join(','))
    if (end < keys.length) yield undefined
  }
  return `{${pieces.filter((piece) => piece !== '').join(',')}}`
}

/** Entities of a collection written out (and filed under their shards) between two pauses: a few ms of accounts. */
const ENTITIES_PER_PIECE = 2_500
