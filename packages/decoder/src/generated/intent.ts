/* This file is generated from schemas/ by `pnpm types:generate`. Do not edit it by hand. */

/**
 * This interface was referenced by `Intent`'s JSON-Schema
 * via the `definition` "IntentType".
 */
export type IntentType =
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
/**
 * This interface was referenced by `Intent`'s JSON-Schema
 * via the `definition` "Address".
 */
export type Address = string
/**
 * This interface was referenced by `Intent`'s JSON-Schema
 * via the `definition` "DecimalString".
 */
export type DecimalString = string
/**
 * This interface was referenced by `Intent`'s JSON-Schema
 * via the `definition` "Caip19".
 */
export type Caip19 = string

/**
 * The machine-readable meaning of one signing request, as the decoder produces it and the evaluator consumes it. Addresses are lowercase 0x hex; amounts, token ids, deadlines and nonces are decimal strings (bigint-safe); tokens are CAIP-19 ids.
 */
export interface Intent {
  type: IntentType
  chainId: number
  from?: Address
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
  recipient?: Address
  spender?: Address
  /**
   * Holder of the tokens moved or approved when it is not the signer (transferFrom, permits, Permit2).
   */
  owner?: string
  operator?: Address
  /**
   * setApprovalForAll: grant (true) or revoke (false).
   */
  approved?: boolean
  tokenId?: DecimalString
  /**
   * Permit deadline or expiration, unix seconds.
   */
  deadline?: string
  /**
   * Permit2 allowance expiration, unix seconds.
   */
  expiration?: string
  nonce?: DecimalString
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
   * ERC-4337 paymaster that pays for a user operation (the first 20 bytes of paymasterAndData in v0.6, paymaster in v0.7); absent when the account pays itself.
   */
  paymaster?: string
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
  /**
   * What the request may pay for gas. For a user operation, the terms its EntryPoint charges against its required prefund.
   */
  gas?: {
    /**
     * The transaction's gas limit; for a user operation, the gas its EntryPoint's required prefund counts (callGasLimit + verificationGasLimit + preVerificationGas, verificationGasLimit three times for v0.6 with a paymaster, plus the paymaster's verification and postOp gas limits from v0.7).
     */
    gasLimit?: string
    gasPrice?: DecimalString
    maxFeePerGas?: DecimalString
    maxPriorityFeePerGas?: DecimalString
    /**
     * gasLimit times the highest fee per gas, in wei: the most the request can pay for gas (for a user operation, its EntryPoint's required prefund). Absent when unknown.
     */
    maxFee?: string
  }
}
/**
 * This interface was referenced by `Intent`'s JSON-Schema
 * via the `definition` "Transfer".
 */
export interface Transfer {
  token: Caip19
  amount: DecimalString
  tokenId?: DecimalString
  from?: Address
  to?: Address
}
/**
 * This interface was referenced by `Intent`'s JSON-Schema
 * via the `definition` "Approval".
 */
export interface Approval {
  token: Caip19
  amount: DecimalString
  unlimited?: boolean
  spender?: Address
  expiration?: DecimalString
  nonce?: DecimalString
}
