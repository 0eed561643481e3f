/* This file is generated from schemas/ by `pnpm types:generate`. Do not edit it by hand. */

import type { AccountGroupEntity } from '../entities'
export type { AccountGroupEntity }
import type { AccountGroupMemberEntity } from '../entities'
export type { AccountGroupMemberEntity }

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
