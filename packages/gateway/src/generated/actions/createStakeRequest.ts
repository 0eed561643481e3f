/* This file is generated from schemas/ by `pnpm types:generate`. Do not edit it by hand. */

/**
 * A request to stake ETH from an account into a validator; it opens one position. Sent to the provider once the policies permit it.
 */
export interface CreateStakeRequest {
  source: Source
  createdAt?: unknown
  /**
   * The validator (deposit) contract; required so the policies see where the funds go.
   */
  validator: {
    address: string
    externalId?: string
  }
  /**
   * In ETH (1.5 means 1.5 ETH); positive, at most 18 decimals.
   */
  amount: string
  idempotenceId: string
  /**
   * Sets the stake id to a value of your choice.
   */
  stakeRequestId?: string
  memo?: string
  providerSpecific?: unknown
}
/**
 * The account that signs: `{type: account, id: <accountId>}`, optionally one of its addresses by `addressId`.
 */
export interface Source {
  type: 'account'
  id: string
  addressId?: string
}
