/* This file is generated from schemas/ by `pnpm types:generate`. Do not edit it by hand. */

/**
 * Unique within its collection, compared case-insensitively. Must not be empty (checked by validateEntities, code empty-id).
 */
export type EntityId = string

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
/**
 * Assigns an account to a user.
 */
export interface UserAccountEntity {
  userId: EntityId
  accountId: EntityId
}
