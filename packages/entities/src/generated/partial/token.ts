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
 * EIP-155 chain id (1 Ethereum, 8453 Base, 42161 Arbitrum One, 137 Polygon...).
 */
export type ChainId = number

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
/**
 * An ERC-20 token. Its id is the CAIP-19 asset id eip155:<chainId>/erc20:<address>.
 */
export interface TokenEntity {
  id: EntityId
  address: EvmAddress
  symbol?: string | null
  chainId: ChainId
  decimals: number
}
