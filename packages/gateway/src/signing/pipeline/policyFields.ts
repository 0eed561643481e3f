import { BUILTIN_PRESETS, currenciesIn, historyReach, type Policy } from '@rampart/evaluator'

/**
 * What a client's state derives from its policies and enabled presets: the presets by id, the policies decided with
 * (its own and its presets'), whether any counts past transfers, and the currencies they value amounts in.
 */
export function policyFields(policies: readonly Policy[], presetIds: readonly string[]) {
  const enabled = new Set(presetIds)
  const presets = BUILTIN_PRESETS.filter((preset) => enabled.has(preset.id))
  // Presets decide with the same history as the client's own policies.
  const limitedPolicies = [...policies, ...presets.flatMap((preset) => preset.policies as Policy[])]
  return {
    presets: new Map(presets.map((preset) => [preset.id, preset])),
    usesHistory: historyReach(limitedPolicies, 0) !== undefined,
    limitedPolicies,
    currencies: currenciesIn(limitedPolicies),
  }
}
