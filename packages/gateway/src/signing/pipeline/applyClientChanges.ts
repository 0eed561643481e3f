import type { Entities, EntityChange } from '@rampart/entities'
import { BUILTIN_PRESETS, type LoggedPolicyState, type Policy } from '@rampart/evaluator'
import type { ClientChange } from './clientChangeLog'
import type { LiveEvaluator } from './liveEvaluator'
import { policyFields } from './policyFields'
import type { ClientPolicyState } from './policyState'

/** What a client's state was built from, besides what it holds itself: what incremental changes start from. */
export type IncrementalBasis = {
  live: LiveEvaluator
  policies: Policy[]
  presetIds: readonly string[]
}

/** Whether a recorded change leaves entities, policies and presets as they were (a new name or key only). */
export const changesNothingDecided = (change: ClientChange) =>
  change.entityChanges !== null &&
  change.entityChanges.length === 0 &&
  change.policies === null &&
  change.presets === null

/** The tokens' decimals after the changes: a put token sets its own, a removed one takes its own away. */
function decimalsAfter(decimals: Record<string, number>, changes: readonly EntityChange[]) {
  const next: Record<string, number> = { ...decimals }
  for (const change of changes) {
    if (change.collection !== 'tokens') continue
    if (change.op === 'put') next[String(change.entity.id).toLowerCase()] = change.entity.decimals as number
    else if ('id' in change) delete next[change.id.toLowerCase()]
  }
  return next
}

/**
 * Brings a client's state forward by the changes recorded since its version, in place on its evaluator
 * (`updateEntities`, `update({ policies, presets })`): a cost in proportion to the changes, not to the organization.
 * Undefined when a change cannot be applied so (its entities were recorded whole, or the evaluator refuses it): the
 * caller then builds the state anew, and the evaluator, which may be half changed, is not used again (its views
 * already refuse).
 */
export function applyClientChanges(
  previous: ClientPolicyState,
  basis: IncrementalBasis,
  changes: readonly ClientChange[],
): { state: ClientPolicyState; basis: IncrementalBasis } | undefined {
  let { policies, presetIds } = basis
  let { decimals, logState } = previous
  try {
    for (const change of changes) {
      if (change.entityChanges === null) return undefined
      const entityChanges = change.entityChanges
      const nextPolicies = (change.policies as Policy[] | null) ?? policies
      const nextPresetIds = change.presets ?? presetIds
      basis.live.change((evaluator) => {
        if (entityChanges.length > 0) evaluator.updateEntities(entityChanges)
        if (change.policies !== null || change.presets !== null) {
          const enabled = new Set(nextPresetIds)
          evaluator.update({
            policies: nextPolicies,
            presets: BUILTIN_PRESETS.filter((preset) => enabled.has(preset.id)),
          })
        }
      })
      policies = nextPolicies
      presetIds = nextPresetIds
      decimals = decimalsAfter(decimals, entityChanges)
      logState = loggedAfter(logState, change)
    }
  } catch {
    return undefined
  }
  const evaluator = basis.live.view()
  const index = basis.live.evaluator.entities
  const state: ClientPolicyState = {
    clientId: previous.clientId,
    // The changed organization written out from the evaluator's index, when first asked (approvals read credentials).
    get entities(): Entities {
      return index.entities
    },
    index,
    evaluator,
    superseded: evaluator.superseded,
    ...policyFields(policies, presetIds),
    decimals,
    logState,
  }
  return { state, basis: { live: basis.live, policies, presetIds } }
}

const loggedAfter = (logState: LoggedPolicyState, change: ClientChange): LoggedPolicyState => ({
  policiesHash: change.policiesHash ?? logState.policiesHash,
  entitiesHash: change.entitiesHash ?? logState.entitiesHash,
})
