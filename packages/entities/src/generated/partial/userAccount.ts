/* This file is generated from schemas/ by `pnpm types:generate`. Do not edit it by hand. */

/**
 * Unique within its collection, compared case-insensitively.
 */
export type EntityId = string

/**
 * A partial Entities document holding user-to-account assignments only.
 */
export interface UserAccountEntities {
  userAccounts: UserAccountEntity[]
}
/**
 * Assigns an account to a user.
 */
export interface UserAccountEntity {
  userId: EntityId
  accountId: EntityId
}
