/* This file is generated from schemas/ by `pnpm types:generate`. Do not edit it by hand. */

/**
 * Unique within its collection, compared case-insensitively. Must not be empty (checked by validateEntities, code empty-id).
 */
export type EntityId = string

/**
 * A partial Entities document holding account groups and, optionally, their members.
 */
export interface AccountGroupEntities {
  /**
   * The URI of this document's schema, so editors can validate and complete it.
   */
  $schema?: string
  accountGroups: AccountGroupEntity[]
  accountGroupMembers?: AccountGroupMemberEntity[]
}
export interface AccountGroupEntity {
  id: EntityId
}
export interface AccountGroupMemberEntity {
  accountId: EntityId
  groupId: EntityId
}
