/* This file is generated from schemas/ by `pnpm types:generate`. Do not edit it by hand. */

import type { Policy } from './policy'
export type { Policy }

/**
 * A curated protocol preset: a named set of policies that describes the expected behaviour of a protocol interaction. Evaluating a request with preset ids reports which presets' policies matched it.
 */
export interface Preset {
  id: string
  name: string
  description: string
  /**
   * @minItems 1
   * @maxItems 1000
   */
  policies: [Policy, ...Policy[]]
}
