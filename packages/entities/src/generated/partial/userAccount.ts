/* This file is generated from schemas/ by `pnpm types:generate`. Do not edit it by hand. */

import type { UserAccountEntity } from '../entities'
export type { UserAccountEntity }

/**
 * A partial Entities document holding user-to-account assignments only.
 */
export interface UserAccountEntities {
  /**
   * The URI of this document's schema, so editors can validate and complete it.
   */
  $schema?: string
  userAccounts: UserAccountEntity[]
}
