/* This file is generated from schemas/ by `pnpm types:generate`. Do not edit it by hand. */

/**
 * A transfer of a native coin or token from one of the connection's accounts, sent to the provider once the policies permit it.
 */
export interface CreateTransferRequest {
  transferRequestId?: string
  /**
   * Sets the transfer id (the id to read it by) to a value of your choice.
   */
  transferId?: string
  source: Source
  /**
   * One of the connection's accounts or addresses by id, or any address.
   */
  destination:
    | {
        type: 'account' | 'address'
        id: string
      }
    | {
        address: string
      }
  /**
   * In asset units (1.1 means 1.1 of the asset); positive, with no more decimals than the asset has.
   */
  amount: string
  /**
   * The asset, by assetId, by the provider's externalAssetId, or by contract address and networkId.
   */
  asset: {
    [k: string]: unknown
  }
  /**
   * on_top: the destination receives the amount and the source pays the fee besides; deduct: the fee comes out of the amount. Default: on_top.
   */
  networkFeeAttribution?: 'on_top' | 'deduct'
  customerRefId?: string
  idempotenceId: string
  memo?: string
  provider?: string
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
