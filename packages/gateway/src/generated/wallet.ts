/* This file is generated from schemas/ by `pnpm types:generate`. Do not edit it by hand. */

/**
 * A custody wallet with its accounts and their addresses.
 */
export interface Wallet {
  /**
   * Gateway id of the wallet
   */
  walletId: string
  clientId: string
  connectionId: string
  /**
   * RFC 3339 timestamp
   */
  createdAt: string
  externalId: string
  label: string | null
  provider: string
  /**
   * RFC 3339 timestamp
   */
  updatedAt: string
  accounts: Account[]
}
/**
 * A wallet's presence on one network, with its addresses.
 */
export interface Account {
  /**
   * Gateway id of the account
   */
  accountId: string
  addresses: Address[]
  clientId: string
  connectionId: string
  /**
   * RFC 3339 timestamp
   */
  createdAt: string
  externalId: string
  label: string | null
  networkId: string
  provider: string
  /**
   * RFC 3339 timestamp
   */
  updatedAt: string
  walletId: string
}
/**
 * One address of an account, as synchronized from the custody provider.
 */
export interface Address {
  /**
   * Gateway id of the address
   */
  addressId: string
  /**
   * The account holding the address
   */
  accountId: string
  address: string
  clientId: string
  connectionId: string
  /**
   * RFC 3339 timestamp
   */
  createdAt: string
  externalId: string
  provider: string
  /**
   * RFC 3339 timestamp
   */
  updatedAt: string
}
