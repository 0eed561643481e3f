/* This file is generated from schemas/ by `pnpm types:generate`. Do not edit it by hand. */

/**
 * Protocol preset ids to evaluate the request against as well (each must be enabled for the client).
 *
 * @maxItems 32
 */
export type ProtocolPreset = string[]

/**
 * Signs (and, when the network has an RPC endpoint, broadcasts) an EVM transaction once the policies permit it.
 */
export interface SendTransactionRequest {
  transactionRequest: TransactionRequest
  /**
   * Sets the request id to a value of your choice.
   */
  transactionId?: string
  source: Source
  idempotenceId: string
  providerSpecific?: {}
  protocolPreset?: ProtocolPreset
  evaluation?: ClientEvaluation
}
export interface TransactionRequest {
  to?: string | null
  /**
   * A decimal string of wei.
   */
  value?: string
  data?: string | null
  gasLimit?: string | null
  gasPrice?: string | null
  maxFeePerGas?: string | null
  maxPriorityFeePerGas?: string | null
  nonce?: number | null
  type?: ('legacy' | 'eip2930' | 'eip1559' | '0x0' | '0x1' | '0x2') | null
  chainId: number
  from?: string | null
}
/**
 * The account that signs: `{type: account, id: <accountId>}`, optionally one of its addresses by `addressId`.
 */
export interface Source {
  type: 'account'
  id: string
  addressId?: string
}
/**
 * Accepted for compatibility and ignored: the gateway always computes its own evaluation.
 */
export interface ClientEvaluation {}
