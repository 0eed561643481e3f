/* This file is generated from schemas/ by `pnpm types:generate`. Do not edit it by hand. */

/**
 * Which decisions of the period the candidate decides otherwise: counts per kind of flip, and the flips grouped by the policies that decided them live and under the candidate, with examples.
 */
export interface ReplayReport {
  from: string
  to: string
  proposalId?: string
  /**
   * Requests decided again.
   */
  requests: number
  unchanged: number
  flipped: number
  /**
   * Flips toward more permission: Forbid → Permit, Confirm → Permit, Forbid → Confirm.
   */
  widened: number
  narrowed: number
  /**
   * Requests decided on the history rebuilt from the requests permitted before them (all, here).
   */
  historyRebuilt: number
  /**
   * Counts per kind of flip: Forbid→Permit, Permit→Forbid, Confirm→Forbid...
   */
  transitions: {
    [k: string]: number
  }
  groups: FlipGroup[]
  /**
   * True when the period holds more requests than maxRequests: decide the rest from nextFrom.
   */
  truncated: boolean
  /**
   * Where the next replay of the period starts when truncated; null otherwise.
   */
  nextFrom: string | null
  examples: {
    offset: number
    limit: number
    /**
     * The offset of the next page of examples, when a group has more; null otherwise.
     */
    nextOffset: number | null
  }
}
/**
 * This interface was referenced by `ReplayReport`'s JSON-Schema
 * via the `definition` "FlipGroup".
 */
export interface FlipGroup {
  from: 'Permit' | 'Forbid' | 'Confirm'
  to: 'Permit' | 'Forbid' | 'Confirm'
  livePolicy?: string
  candidatePolicy?: string
  /**
   * The candidate's reason code.
   */
  reason: string
  count: number
  examples: FlipExample[]
}
/**
 * This interface was referenced by `ReplayReport`'s JSON-Schema
 * via the `definition` "FlipExample".
 */
export interface FlipExample {
  /**
   * The signing request's id.
   */
  id: string
  principal: string
  /**
   * When it was decided, unix seconds.
   */
  now?: number
  live: Decision
  candidate: Decision
}
/**
 * This interface was referenced by `ReplayReport`'s JSON-Schema
 * via the `definition` "Decision".
 */
export interface Decision {
  decision: 'Permit' | 'Forbid' | 'Confirm'
  decidingPolicy?: string
  reason?: {
    code: string
    message?: string
  }
}
