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
  /**
   * The wallet's first 100 accounts, oldest first (`createdAt`, then `accountId`). Where more follow, `accountsPage.next` is the `cursor` of `GET /v1/provider/accounts?walletId={walletId}` for the rest; it is null when `accounts` holds them all.
   */
  accounts: Account[]
  accountsPage: Page
}
/**
 * A wallet's presence on one network, with its addresses.
 */
export interface Account {
  /**
   * Gateway id of the account
   */
  accountId: string
  /**
   * The account's first 10 addresses, oldest first (`createdAt`, then `addressId`). Where more follow, `addressesPage.next` is the `cursor` of `GET /v1/provider/addresses?accountId={accountId}` for the rest; it is null when `addresses` holds them all.
   */
  addresses: Address[]
  addressesPage: Page
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
/**
 * Pagination of a list response: pass `next` as `cursor` to get the following page; null on the last page.
 */
export interface Page {
  next: string | null
}
