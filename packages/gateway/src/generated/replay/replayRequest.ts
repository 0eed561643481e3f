/* This file is generated from schemas/ by `pnpm types:generate`. Do not edit it by hand. */

/**
 * Decide a client's recorded signing requests of a period again under a candidate policy set: a proposal's (proposalId), or policies (and entities, presets) given here. Bounded: the requests created in [from, to), at most maxRequests of them, in the order they were decided.
 */
export type ReplayRequest = {
  /**
   * First instant of the period (inclusive).
   */
  from: string
  /**
   * End of the period (exclusive).
   */
  to: string
  /**
   * Replay under this proposal of the client (its proposed policies, entities and presets).
   */
  proposalId?: string
  /**
   * Replay under these policies; entities and presets default to the client's live ones.
   */
  candidate?: {
    /**
     * @maxItems 10000
     */
    policies: {}[]
    entities?: {}
    /**
     * @maxItems 100
     */
    presets?: string[]
  }
  /**
   * At most this many requests are decided again (5000 when left out); the answer says where to continue (nextFrom).
   */
  maxRequests?: number
  /**
   * Which examples of each group of flips to return: limit (5 when left out) from offset (0).
   */
  examples?: {
    limit?: number
    offset?: number
  }
} & {
  [k: string]: unknown
}
