/* This file is generated from schemas/ by `pnpm types:generate`. Do not edit it by hand. */

/**
 * A JSON-RPC signing request to decode and evaluate against the client's policies, without signing anything.
 */
export interface EvaluateRequest {
  /**
   * The request as a wallet sends it: eth_sendTransaction {params: [tx]}, personal_sign {params: [message, address]}, eth_signTypedData_v4 {params: [address, typedData]}, eth_sendUserOperation.
   */
  request: {
    method: string
    /**
     * @maxItems 64
     */
    params: unknown[]
    [k: string]: unknown
  }
  /**
   * Protocol preset ids (enabled for the client) to evaluate the request against as well.
   *
   * @maxItems 32
   */
  protocolPresets?: string[]
}
