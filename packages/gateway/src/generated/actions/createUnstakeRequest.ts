/* This file is generated from schemas/ by `pnpm types:generate`. Do not edit it by hand. */

/**
 * A request to unstake a position, named either by stakePositionId, or by validatorAddress and stakeAccountAddress (never both).
 */
export type CreateUnstakeRequest = {
  source: Source
  stakePositionId?: string
  validatorAddress?: string
  stakeAccountAddress?: string
  /**
   * In ETH (1.5 means 1.5 ETH); positive, at most 18 decimals.
   */
  amount: string
  /**
   * Sets the unstake id to a value of your choice.
   */
  unstakeId?: string
  networkId: string
  idempotenceId: string
} & {
  [k: string]: unknown
}

/**
 * The account that signs: `{type: account, id: <accountId>}`, optionally one of its addresses by `addressId`.
 */
export interface Source {
  type: 'account'
  id: string
  addressId?: string
}
