/* This file is generated from schemas/ by `pnpm types:generate`. Do not edit it by hand. */

import type { UserEntity } from '../entities'
export type { UserEntity }

/**
 * A partial Entities document holding users only.
 */
export interface UserEntities {
  /**
   * The URI of this document's schema, so editors can validate and complete it.
   */
  $schema?: string
  users: UserEntity[]
}
