/* This file is generated from schemas/ by `pnpm types:generate`. Do not edit it by hand. */

/**
 * Protocol preset ids to evaluate the request against as well (each must be enabled for the client).
 *
 * @maxItems 32
 */
export type ProtocolPreset = string[]

/**
 * Signs EIP-712 typed data once the policies permit it.
 */
export interface SignTypedDataRequest {
  data: {
    domain: {
      name?: string
      version?: string
      chainId?: number
      verifyingContract?: string | null
      salt?: string | null
    }
    types: {
      /**
       * @maxItems 64
       */
      [k: string]: {
        name: string
        type: string
      }[]
    }
    primaryType: string
    message: {}
  }
  source: Source
  idempotenceId: string
  requestId?: string
  protocolPreset?: ProtocolPreset
  evaluation?: ClientEvaluation
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
