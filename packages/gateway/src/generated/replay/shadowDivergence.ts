/* This file is generated from schemas/ by `pnpm types:generate`. Do not edit it by hand. */

import type { Decision } from './replayReport'
export type { Decision }

/**
 * A decision that the client's shadow set (a proposal approved for shadow) took otherwise than the live set, on real traffic. The live decision was the one enforced.
 */
export interface ShadowDivergence {
  divergenceId: string
  /**
   * The proposal decided in shadow.
   */
  proposalId: string
  /**
   * signing: a signing request (its decision enforced); evaluate: a POST /evaluate dry run.
   */
  source: 'signing' | 'evaluate'
  /**
   * The signing request's id (null for /evaluate).
   */
  requestId: string | null
  /**
   * The signing request's kind (null for /evaluate).
   */
  kind?: string | null
  principal: string
  decidedAt: string
  live: Decision
  shadow: Decision
}
