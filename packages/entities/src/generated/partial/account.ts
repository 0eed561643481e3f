/* This file is generated from schemas/ by `pnpm types:generate`. Do not edit it by hand. */

/**
 * Unique within its collection, compared case-insensitively. Must not be empty (checked by validateEntities, code empty-id).
 */
export type EntityId = string
/**
 * A 20-byte EVM address, 0x-prefixed hex in any letter case.
 */
export type EvmAddress = string
/**
 * This interface was referenced by `AccountEntities`'s JSON-Schema
 * via the `definition` "PartialAccountType".
 */
export type PartialAccountType = 'eoa'
/**
 * EIP-155 chain id (1 Ethereum, 8453 Base, 42161 Arbitrum One, 137 Polygon...).
 */
export type ChainId = number

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
