/* This file is generated from schemas/ by `pnpm types:generate`. Do not edit it by hand. */

/**
 * What the evaluator decides on: who asks (principal), for what (action, resource, intent from the decoder), who approved, and the transfer history that spending and rate limits count.
 */
export interface EvaluationRequest {
  action:
    'signTransaction' | 'signMessage' | 'signTypedData' | 'signRaw' | 'signUserOperation' | 'grantPermission'
  /**
   * A user id, or the id (kid) of one of a user's credentials.
   */
  principal: string
  /**
   * The account id the request signs with.
   */
  resource?: string
  intent?: Intent
  /**
   * For grantPermission: the permissions asked for.
   *
   * @maxItems 100
   */
  permissions?: string[]
  /**
   * For signRaw: the payload to sign, 0x hex.
   */
  payload?: string
  /**
   * For signRaw: the signing algorithm.
   */
  algorithm?: string
  /**
   * User ids or credential ids whose approval of this request has already been verified.
   *
   * @maxItems 1000
   */
  approvals?: string[]
  /**
   * Past transfers that spending and rate limits count.
   *
   * @maxItems 100000
   */
  history?: HistoryTransfer[]
  /**
   * Evaluation time, unix seconds; defaults to the clock. Limit windows end here.
   */
  now?: number
}
/**
 * The machine-readable meaning of one signing request, as the decoder produces it and the evaluator consumes it. Addresses are lowercase 0x hex; amounts, token ids, deadlines and nonces are decimal strings (bigint-safe); tokens are CAIP-19 ids.
 */
export interface Intent {
  /**
   * This interface was referenced by `Intent`'s JSON-Schema
   * via the `definition` "IntentType".
   */
  type:
    | 'nativeTransfer'
    | 'contractDeployment'
    | 'contractCall'
    | 'erc20Transfer'
    | 'erc20TransferFrom'
    | 'erc20Approve'
    | 'erc20IncreaseAllowance'
    | 'erc20DecreaseAllowance'
    | 'erc721Transfer'
    | 'erc721Approve'
    | 'erc721SetApprovalForAll'
    | 'erc1155Transfer'
    | 'erc1155BatchTransfer'
    | 'erc1155SetApprovalForAll'
    | 'wethDeposit'
    | 'wethWithdraw'
    | 'permit'
    | 'permit2Approve'
    | 'permit2Transfer'
    | 'batch'
    | 'userOperation'
    | 'swap'
    | 'signMessage'
    | 'signIn'
    | 'signTypedData'
    | 'seaportOrder'
    | 'unknown'
  chainId: number
  /**
   * This interface was referenced by `Intent`'s JSON-Schema
   * via the `definition` "Address".
   */
  from?: string
  /**
   * The transaction's `to`; absent for a contract deployment.
   */
  to?: string
  /**
   * The contract the request acts on (token contract, verifying contract, Permit2, router...).
   */
  contract?: string
  /**
   * Function selector of the call.
   */
  hexSignature?: string
  /**
   * Name of the decoded function or command, for example transfer, execTransaction or V3_SWAP_EXACT_IN.
   */
  functionName?: string
  /**
   * Native value attached to the call, in wei.
   */
  value?: string
  /**
   * The asset moved or approved.
   */
  token?: string
  /**
   * Amount in the token's base units.
   */
  amount?: string
  /**
   * Swap: the asset received.
   */
  tokenOut?: string
  /**
   * Swap: the minimum received (exact input) or the exact amount received (exact output), in base units.
   */
  amountOut?: string
  /**
   * Swap: which side of the swap is fixed; for exactOut, `amount` is the maximum spent.
   */
  swapKind?: 'exactIn' | 'exactOut'
  /**
   * True for an approval of the maximum uint256 (or uint160 for Permit2).
   */
  unlimited?: boolean
  /**
   * This interface was referenced by `Intent`'s JSON-Schema
   * via the `definition` "Address".
   */
  recipient?: string
  /**
   * This interface was referenced by `Intent`'s JSON-Schema
   * via the `definition` "Address".
   */
  spender?: string
  /**
   * Holder of the tokens moved or approved when it is not the signer (transferFrom, permits, Permit2).
   */
  owner?: string
  /**
   * This interface was referenced by `Intent`'s JSON-Schema
   * via the `definition` "Address".
   */
  operator?: string
  /**
   * setApprovalForAll: grant (true) or revoke (false).
   */
  approved?: boolean
  /**
   * This interface was referenced by `Intent`'s JSON-Schema
   * via the `definition` "DecimalString".
   */
  tokenId?: string
  /**
   * Permit deadline or expiration, unix seconds.
   */
  deadline?: string
  /**
   * Permit2 allowance expiration, unix seconds.
   */
  expiration?: string
  /**
   * This interface was referenced by `Intent`'s JSON-Schema
   * via the `definition` "DecimalString".
   */
  nonce?: string
  /**
   * Every asset movement the request causes (ERC-1155 batches, Permit2 batches, Seaport offers).
   */
  transfers?: Transfer[]
  /**
   * Every allowance the request grants (Permit2 batches and Universal Router permits).
   */
  approvals?: Approval[]
  /**
   * personal_sign text when the payload is valid UTF-8.
   */
  message?: string
  /**
   * personal_sign payload as hex.
   */
  messageHex?: string
  /**
   * EIP-4361 fields of a Sign-In with Ethereum message.
   */
  siwe?: {
    [k: string]: string
  }
  typedData?: {
    primaryType: string
    domain: {}
    message: {}
  }
  /**
   * ERC-4337 EntryPoint of a user operation.
   */
  entrypoint?: string
  /**
   * Safe / MultiSend operation of a nested call.
   */
  operation?: 'call' | 'delegatecall'
  /**
   * Warnings a signer must see, for example zeroConsideration on a Seaport order or delegatecall in a batch.
   */
  flags?: string[]
  /**
   * Inner intents of a batch, in order.
   */
  intents?: Intent[]
  /**
   * Present when the request could not be fully decoded; policies must refuse such an intent (fail closed).
   */
  decoderError?: {
    code: number
    name: string
  }
  gas?: {
    /**
     * This interface was referenced by `Intent`'s JSON-Schema
     * via the `definition` "DecimalString".
     */
    gasLimit?: string
    /**
     * This interface was referenced by `Intent`'s JSON-Schema
     * via the `definition` "DecimalString".
     */
    gasPrice?: string
    /**
     * This interface was referenced by `Intent`'s JSON-Schema
     * via the `definition` "DecimalString".
     */
    maxFeePerGas?: string
    /**
     * This interface was referenced by `Intent`'s JSON-Schema
     * via the `definition` "DecimalString".
     */
    maxPriorityFeePerGas?: string
    /**
     * gasLimit times the highest fee per gas, in wei.
     */
    maxFee?: string
  }
}
/**
 * This interface was referenced by `Intent`'s JSON-Schema
 * via the `definition` "Transfer".
 */
export interface Transfer {
  /**
   * This interface was referenced by `Intent`'s JSON-Schema
   * via the `definition` "Caip19".
   */
  token: string
  /**
   * This interface was referenced by `Intent`'s JSON-Schema
   * via the `definition` "DecimalString".
   */
  amount: string
  /**
   * This interface was referenced by `Intent`'s JSON-Schema
   * via the `definition` "DecimalString".
   */
  tokenId?: string
  /**
   * This interface was referenced by `Intent`'s JSON-Schema
   * via the `definition` "Address".
   */
  from?: string
  /**
   * This interface was referenced by `Intent`'s JSON-Schema
   * via the `definition` "Address".
   */
  to?: string
}
/**
 * This interface was referenced by `Intent`'s JSON-Schema
 * via the `definition` "Approval".
 */
export interface Approval {
  /**
   * This interface was referenced by `Intent`'s JSON-Schema
   * via the `definition` "Caip19".
   */
  token: string
  /**
   * This interface was referenced by `Intent`'s JSON-Schema
   * via the `definition` "DecimalString".
   */
  amount: string
  unlimited?: boolean
  /**
   * This interface was referenced by `Intent`'s JSON-Schema
   * via the `definition` "Address".
   */
  spender?: string
  /**
   * This interface was referenced by `Intent`'s JSON-Schema
   * via the `definition` "DecimalString".
   */
  expiration?: string
  /**
   * This interface was referenced by `Intent`'s JSON-Schema
   * via the `definition` "DecimalString".
   */
  nonce?: string
}
/**
 * This interface was referenced by `EvaluationRequest`'s JSON-Schema
 * via the `definition` "HistoryTransfer".
 */
export interface HistoryTransfer {
  /**
   * Base units.
   */
  amount: string
  /**
   * CAIP-19 asset id.
   */
  token?: string
  chainId?: number
  /**
   * User id who made the transfer.
   */
  principal?: string
  /**
   * Account id the transfer left from.
   */
  resource?: string
  to?: string
  /**
   * Unix seconds.
   */
  timestamp: number
}
