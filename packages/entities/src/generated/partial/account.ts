/* This file is generated from schemas/ by `pnpm types:generate`. Do not edit it by hand. */

import type { EntityId } from '../entities'
export type { EntityId }
import type { EvmAddress } from '../entities'
export type { EvmAddress }
import type { ChainId } from '../entities'
export type { ChainId }

/**
 * This interface was referenced by `AccountEntities`'s JSON-Schema
 * via the `definition` "PartialAccountType".
 */
export type PartialAccountType = 'eoa'

/**
 * A partial Entities document holding accounts only. Here chainId is optional (an account without one stands for its address on every chain) and the account type is eoa.
 */
export interface AccountEntities {
  /**
   * The URI of this document's schema, so editors can validate and complete it.
   */
  $schema?: string
  accounts: PartialAccountEntity[]
}
/**
 * This interface was referenced by `AccountEntities`'s JSON-Schema
 * via the `definition` "PartialAccountEntity".
 */
export interface PartialAccountEntity {
  id: EntityId
  address: EvmAddress
  accountType: PartialAccountType
  chainId?: ChainId
}
