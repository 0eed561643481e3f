import type { Entities, EntityIndex } from '@rampart/entities'
import type { LoggedPolicyState, Policy, PolicySetReference, Preset } from '@rampart/evaluator'
import type { DecidingEvaluator } from './liveEvaluator'

/** Everything a client's decisions need, built once per version of the client's entities, policies and presets. */
export type ClientPolicyState = {
  clientId: string
  entities: Entities
  /** The one index of the entities, shared by the decoder and the evaluator; undefined when they are invalid. */
  index: EntityIndex | undefined
  /**
   * Null when the evaluator could not be built: every decision is then a refusal. A governed client's (one with an
   * applied policy version) decides only with the verified signed set.
   */
  evaluator: DecidingEvaluator | null
  /** The signed policy set decided under, which attestations name; undefined for a client not governed yet. */
  policySet?: PolicySetReference
  /**
   * True once the client's evaluator was changed in place past this state (an entity or policy change arrived while
   * a request held it): its decisions are then refusals, and the request is decided again with `forClient()`.
   */
  superseded?: () => boolean
  /** Why the evaluator could not be built. */
  unavailable?: string
  /** The presets the client enabled, by id. */
  presets: ReadonlyMap<string, Preset>
  /** Whether any policy counts past transfers (spending or rate limits), so history is worth loading. */
  usesHistory: boolean
  /** The policies decided with (the client's, and its presets'), to know how far back their limits count. */
  limitedPolicies: readonly Policy[]
  /** The currencies the policies value amounts in: a decision asks the price source for these (none: no prices). */
  currencies: string[]
  /** The entities' token decimals by lowercase asset id: what recorded history values transfers with. */
  decimals: Record<string, number>
  /** The hashes of the policies and entities decided under, which the decision log records with each decision. */
  logState: LoggedPolicyState
}
