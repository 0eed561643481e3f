/* This file is generated from schemas/ by `pnpm types:generate`. Do not edit it by hand. */

import type { TokenEntity } from '../entities'
export type { TokenEntity }

/**
 * A partial Entities document holding tokens only.
 */
export interface TokenEntities {
  /**
   * The URI of this document's schema, so editors can validate and complete it.
   */
  $schema?: string
  tokens: TokenEntity[]
}
