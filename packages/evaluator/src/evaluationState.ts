import type { Entities } from '@rampart/entities'
import { type EvaluationState, ORG, presetSet } from './buildInput'
import type { Policy } from './generated/policy'
import type { Preset } from './generated/preset'
import { prepareEntities } from './prepareEntities'
import { type PreparedPolicy, type PreparedPolicySet, preparePolicySet } from './preparePolicies'

/** A policy as the policy library reads it (data.sets[name].policies). */
type LibraryPolicy = Omit<PreparedPolicy, 'when'>

/** Prepares validated entities, policies and presets: the state the evaluator decides with. */
export function evaluationState(next: {
  entities: Entities
  policies: readonly Policy[]
  presets: readonly Preset[]
}): EvaluationState {
  const entities = prepareEntities(next.entities)
  return {
    entities,
    sets: preparePolicySets(next.policies, next.presets, entities.decimals),
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
): Record<string, PreparedPolicySet> {
  const sets: Record<string, PreparedPolicySet> = { [ORG]: preparePolicySet(ORG, policies, decimals) }
  for (const preset of presets) {
    sets[presetSet(preset.id)] = preparePolicySet(presetSet(preset.id), preset.policies, decimals)
  }
  return sets
}

/**
 * A policy set as the policy library loads it (data.sets[name]): its policies and the candidates of each bucket by
 * bucket id. The index that picks a request's buckets, and the limits of each bucket, stay in the evaluator.
 */
export function librarySet(set: PreparedPolicySet) {
  const buckets: Record<string, unknown> = {}
  for (const [id, bucket] of Object.entries(set.buckets)) buckets[id] = bucket.policies
  // The library matches with the buckets' criteria: of a policy, it reads only what a decision reports.
  const policies: LibraryPolicy[] = set.policies.map(({ when: _, ...policy }) => policy)
  return { policies, buckets }
}

/** The data the policy library loads (data.entities and data.sets): the entities, and each policy set. */
export function policyData(state: EvaluationState) {
  const sets: Record<string, ReturnType<typeof librarySet>> = {}
  for (const [name, set] of Object.entries(state.sets)) sets[name] = librarySet(set)
  return { entities: state.entities, sets }
}
