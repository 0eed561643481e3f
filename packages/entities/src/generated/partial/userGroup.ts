/* This file is generated from schemas/ by `pnpm types:generate`. Do not edit it by hand. */

import type { UserGroupMemberEntity } from '../entities'
export type { UserGroupMemberEntity }
import type { EntityId } from '../entities'
export type { EntityId }

/**
 * A partial Entities document holding user groups and, optionally, their members. In this document a user group has an id alone.
 */
export interface UserGroupEntities {
  /**
   * The URI of this document's schema, so editors can validate and complete it.
   */
  $schema?: string
  userGroups: UserGroupOnlyEntity[]
  userGroupMembers?: UserGroupMemberEntity[]
}
/**
 * This interface was referenced by `UserGroupEntities`'s JSON-Schema
 * via the `definition` "UserGroupOnlyEntity".
 */
export interface UserGroupOnlyEntity {
  id: EntityId
}
