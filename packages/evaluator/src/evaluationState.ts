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
  const sets: Record<string, PreparedPolicySet> = {
    [ORG]: preparePolicySet(ORG, next.policies, entities.decimals),
  }
  for (const preset of next.presets) {
    sets[presetSet(preset.id)] = preparePolicySet(presetSet(preset.id), preset.policies, entities.decimals)
  }
  return {
    entities,
    sets,
    presetIds: new Set(next.presets.map((preset) => preset.id)),
    candidates: { byKind: new Map(), size: 0 },
  }
}

/**
 * The data the policy library loads (data.entities and data.sets): the entities, and per policy set its policies
 * and the candidates of each bucket by bucket id. The index that picks a request's buckets, and the limits of each
 * bucket, stay in the evaluator.
 */
export function policyData(state: EvaluationState) {
  const sets: Record<string, { policies: LibraryPolicy[]; buckets: Record<string, unknown> }> = {}
  for (const [name, set] of Object.entries(state.sets)) {
    const buckets: Record<string, unknown> = {}
    for (const [id, bucket] of Object.entries(set.buckets)) buckets[id] = bucket.policies
    // The library matches with the buckets' criteria: of a policy, it reads only what a decision reports.
    sets[name] = { policies: set.policies.map(({ when: _, ...policy }) => policy), buckets }
  }
  return { entities: state.entities, sets }
}
