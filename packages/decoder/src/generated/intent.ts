/* This file is generated from schemas/ by `pnpm types:generate`. Do not edit it by hand. */

/**
 * The machine-readable meaning of one signing request, as the decoder produces it and the evaluator consumes it. Addresses are lowercase 0x hex; amounts, token ids, deadlines and nonces are decimal strings (bigint-safe); tokens are CAIP-19 ids.
 */
export type Intent =
  | NativeTransferIntent
  | ContractDeploymentIntent
  | ContractCallIntent
  | Erc20TransferIntent
  | Erc20TransferFromIntent
  | Erc20ApproveIntent
  | Erc20IncreaseAllowanceIntent
  | Erc20DecreaseAllowanceIntent
  | Erc721TransferIntent
  | Erc721ApproveIntent
  | Erc721SetApprovalForAllIntent
  | Erc1155TransferIntent
  | Erc1155BatchTransferIntent
  | Erc1155SetApprovalForAllIntent
  | WethDepositIntent
  | WethWithdrawIntent
  | PermitIntent
  | Permit2ApproveIntent
  | Permit2TransferIntent
  | BatchIntent
  | UserOperationIntent
  | SwapIntent
  | SignMessageIntent
  | SignInIntent
  | SignTypedDataIntent
  | SeaportOrderIntent
  | UnknownIntent
export type IntentAddress = string
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
export type IntentDecimalString = string
export type Caip19 = string

/**
 * A transfer of the chain's native currency: a call without data, or a Universal Router TRANSFER, SWEEP or PAY_PORTION of ether (which may name no amount).
 */
export interface NativeTransferIntent extends IntentFields {
  type: 'nativeTransfer'
  /**
   * The transaction's `to`; absent for a contract deployment.
   */
  to: string
  /**
   * The asset moved or approved.
   */
  token: string
  recipient: IntentAddress
}
/**
 * The fields of Intent: each of its variants extends them with its `type` and the fields that this `type` always has.
 */
export interface IntentFields {
  type: IntentType
  chainId: number
  from?: IntentAddress
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
  recipient?: IntentAddress
  spender?: IntentAddress
  /**
   * Holder of the tokens moved or approved when it is not the signer (transferFrom, permits, Permit2).
   */
  owner?: string
  operator?: IntentAddress
  /**
   * setApprovalForAll: grant (true) or revoke (false).
   */
  approved?: boolean
  tokenId?: IntentDecimalString
  /**
   * Permit deadline or expiration, unix seconds.
   */
  deadline?: string
  /**
   * Permit2 allowance expiration, unix seconds.
   */
  expiration?: string
  nonce?: IntentDecimalString
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
    gasPrice?: IntentDecimalString
    maxFeePerGas?: IntentDecimalString
    maxPriorityFeePerGas?: IntentDecimalString
    /**
     * gasLimit times the highest fee per gas, in wei: the most the request can pay for gas (for a user operation, its EntryPoint's required prefund). Absent when unknown.
     */
    maxFee?: string
  }
}
export interface Transfer {
  token: Caip19
  amount: IntentDecimalString
  tokenId?: IntentDecimalString
  from?: IntentAddress
  to?: IntentAddress
}
export interface Approval {
  token: Caip19
  amount: IntentDecimalString
  unlimited?: boolean
  spender?: IntentAddress
  expiration?: IntentDecimalString
  nonce?: IntentDecimalString
}
/**
 * A transaction without `to` that deploys its data as a contract.
 */
export interface ContractDeploymentIntent extends IntentFields {
  type: 'contractDeployment'
  /**
   * Native value attached to the call, in wei.
   */
  value: string
}
/**
 * A call the decoder does not read as anything more specific, or could not read at all (then with decoderError).
 */
export interface ContractCallIntent extends IntentFields {
  type: 'contractCall'
  /**
   * The transaction's `to`; absent for a contract deployment.
   */
  to: string
  /**
   * The contract the request acts on (token contract, verifying contract, Permit2, router...).
   */
  contract: string
}
/**
 * An ERC-20 transfer, or a Universal Router TRANSFER, SWEEP or PAY_PORTION of a token; a portion, or the router's whole balance, names no amount.
 */
export interface Erc20TransferIntent extends IntentFields {
  type: 'erc20Transfer'
  /**
   * The transaction's `to`; absent for a contract deployment.
   */
  to: string
  /**
   * The contract the request acts on (token contract, verifying contract, Permit2, router...).
   */
  contract: string
  /**
   * Name of the decoded function or command, for example transfer, execTransaction or V3_SWAP_EXACT_IN.
   */
  functionName: string
  /**
   * The asset moved or approved.
   */
  token: string
  recipient: IntentAddress
}
/**
 * An ERC-20 transferFrom: `owner`'s tokens sent to `recipient`.
 */
export interface Erc20TransferFromIntent extends IntentFields {
  type: 'erc20TransferFrom'
  /**
   * The transaction's `to`; absent for a contract deployment.
   */
  to: string
  /**
   * The contract the request acts on (token contract, verifying contract, Permit2, router...).
   */
  contract: string
  /**
   * Function selector of the call.
   */
  hexSignature: string
  /**
   * Name of the decoded function or command, for example transfer, execTransaction or V3_SWAP_EXACT_IN.
   */
  functionName: string
  /**
   * Native value attached to the call, in wei.
   */
  value: string
  /**
   * The asset moved or approved.
   */
  token: string
  /**
   * Amount in the token's base units.
   */
  amount: string
  /**
   * Holder of the tokens moved or approved when it is not the signer (transferFrom, permits, Permit2).
   */
  owner: string
  recipient: IntentAddress
  /**
   * Every asset movement the request causes (ERC-1155 batches, Permit2 batches, Seaport offers).
   */
  transfers: Transfer[]
}
/**
 * An ERC-20 approve of `spender`.
 */
export interface Erc20ApproveIntent extends IntentFields {
  type: 'erc20Approve'
  /**
   * The transaction's `to`; absent for a contract deployment.
   */
  to: string
  /**
   * The contract the request acts on (token contract, verifying contract, Permit2, router...).
   */
  contract: string
  /**
   * Function selector of the call.
   */
  hexSignature: string
  /**
   * Name of the decoded function or command, for example transfer, execTransaction or V3_SWAP_EXACT_IN.
   */
  functionName: string
  /**
   * Native value attached to the call, in wei.
   */
  value: string
  /**
   * The asset moved or approved.
   */
  token: string
  /**
   * Amount in the token's base units.
   */
  amount: string
  spender: IntentAddress
  /**
   * True for an approval of the maximum uint256 (or uint160 for Permit2).
   */
  unlimited: boolean
}
/**
 * An ERC-20 increaseAllowance of `spender`.
 */
export interface Erc20IncreaseAllowanceIntent extends IntentFields {
  type: 'erc20IncreaseAllowance'
  /**
   * The transaction's `to`; absent for a contract deployment.
   */
  to: string
  /**
   * The contract the request acts on (token contract, verifying contract, Permit2, router...).
   */
  contract: string
  /**
   * Function selector of the call.
   */
  hexSignature: string
  /**
   * Name of the decoded function or command, for example transfer, execTransaction or V3_SWAP_EXACT_IN.
   */
  functionName: string
  /**
   * Native value attached to the call, in wei.
   */
  value: string
  /**
   * The asset moved or approved.
   */
  token: string
  /**
   * Amount in the token's base units.
   */
  amount: string
  spender: IntentAddress
  /**
   * True for an approval of the maximum uint256 (or uint160 for Permit2).
   */
  unlimited: boolean
}
/**
 * An ERC-20 decreaseAllowance of `spender`.
 */
export interface Erc20DecreaseAllowanceIntent extends IntentFields {
  type: 'erc20DecreaseAllowance'
  /**
   * The transaction's `to`; absent for a contract deployment.
   */
  to: string
  /**
   * The contract the request acts on (token contract, verifying contract, Permit2, router...).
   */
  contract: string
  /**
   * Function selector of the call.
   */
  hexSignature: string
  /**
   * Name of the decoded function or command, for example transfer, execTransaction or V3_SWAP_EXACT_IN.
   */
  functionName: string
  /**
   * Native value attached to the call, in wei.
   */
  value: string
  /**
   * The asset moved or approved.
   */
  token: string
  /**
   * Amount in the token's base units.
   */
  amount: string
  spender: IntentAddress
}
/**
 * An ERC-721 transferFrom or safeTransferFrom of one token.
 */
export interface Erc721TransferIntent extends IntentFields {
  type: 'erc721Transfer'
  /**
   * The transaction's `to`; absent for a contract deployment.
   */
  to: string
  /**
   * The contract the request acts on (token contract, verifying contract, Permit2, router...).
   */
  contract: string
  /**
   * Function selector of the call.
   */
  hexSignature: string
  /**
   * Name of the decoded function or command, for example transfer, execTransaction or V3_SWAP_EXACT_IN.
   */
  functionName: string
  /**
   * Native value attached to the call, in wei.
   */
  value: string
  /**
   * The asset moved or approved.
   */
  token: string
  tokenId: IntentDecimalString
  /**
   * Amount in the token's base units.
   */
  amount: string
  /**
   * Holder of the tokens moved or approved when it is not the signer (transferFrom, permits, Permit2).
   */
  owner: string
  recipient: IntentAddress
  /**
   * Every asset movement the request causes (ERC-1155 batches, Permit2 batches, Seaport offers).
   */
  transfers: Transfer[]
}
/**
 * An ERC-721 approve of one token.
 */
export interface Erc721ApproveIntent extends IntentFields {
  type: 'erc721Approve'
  /**
   * The transaction's `to`; absent for a contract deployment.
   */
  to: string
  /**
   * The contract the request acts on (token contract, verifying contract, Permit2, router...).
   */
  contract: string
  /**
   * Function selector of the call.
   */
  hexSignature: string
  /**
   * Name of the decoded function or command, for example transfer, execTransaction or V3_SWAP_EXACT_IN.
   */
  functionName: string
  /**
   * Native value attached to the call, in wei.
   */
  value: string
  /**
   * The asset moved or approved.
   */
  token: string
  tokenId: IntentDecimalString
  spender: IntentAddress
}
/**
 * A setApprovalForAll (ERC-721 or ERC-1155 alike): `operator` may move every token of the collection.
 */
export interface Erc721SetApprovalForAllIntent extends IntentFields {
  type: 'erc721SetApprovalForAll'
  /**
   * The transaction's `to`; absent for a contract deployment.
   */
  to: string
  /**
   * The contract the request acts on (token contract, verifying contract, Permit2, router...).
   */
  contract: string
  /**
   * Function selector of the call.
   */
  hexSignature: string
  /**
   * Name of the decoded function or command, for example transfer, execTransaction or V3_SWAP_EXACT_IN.
   */
  functionName: string
  /**
   * Native value attached to the call, in wei.
   */
  value: string
  /**
   * The asset moved or approved.
   */
  token: string
  operator: IntentAddress
  /**
   * setApprovalForAll: grant (true) or revoke (false).
   */
  approved: boolean
}
/**
 * An ERC-1155 safeTransferFrom of one token id.
 */
export interface Erc1155TransferIntent extends IntentFields {
  type: 'erc1155Transfer'
  /**
   * The transaction's `to`; absent for a contract deployment.
   */
  to: string
  /**
   * The contract the request acts on (token contract, verifying contract, Permit2, router...).
   */
  contract: string
  /**
   * Function selector of the call.
   */
  hexSignature: string
  /**
   * Name of the decoded function or command, for example transfer, execTransaction or V3_SWAP_EXACT_IN.
   */
  functionName: string
  /**
   * Native value attached to the call, in wei.
   */
  value: string
  /**
   * The asset moved or approved.
   */
  token: string
  tokenId: IntentDecimalString
  /**
   * Amount in the token's base units.
   */
  amount: string
  /**
   * Holder of the tokens moved or approved when it is not the signer (transferFrom, permits, Permit2).
   */
  owner: string
  recipient: IntentAddress
  /**
   * Every asset movement the request causes (ERC-1155 batches, Permit2 batches, Seaport offers).
   */
  transfers: Transfer[]
}
/**
 * An ERC-1155 safeBatchTransferFrom: one entry of `transfers` per token id.
 */
export interface Erc1155BatchTransferIntent extends IntentFields {
  type: 'erc1155BatchTransfer'
  /**
   * The transaction's `to`; absent for a contract deployment.
   */
  to: string
  /**
   * The contract the request acts on (token contract, verifying contract, Permit2, router...).
   */
  contract: string
  /**
   * Function selector of the call.
   */
  hexSignature: string
  /**
   * Name of the decoded function or command, for example transfer, execTransaction or V3_SWAP_EXACT_IN.
   */
  functionName: string
  /**
   * Native value attached to the call, in wei.
   */
  value: string
  /**
   * The asset moved or approved.
   */
  token: string
  /**
   * Holder of the tokens moved or approved when it is not the signer (transferFrom, permits, Permit2).
   */
  owner: string
  recipient: IntentAddress
  /**
   * Every asset movement the request causes (ERC-1155 batches, Permit2 batches, Seaport offers).
   */
  transfers: Transfer[]
}
/**
 * Reserved: the decoder reports setApprovalForAll as erc721SetApprovalForAll.
 */
export interface Erc1155SetApprovalForAllIntent extends IntentFields {
  type: 'erc1155SetApprovalForAll'
}
/**
 * Wrapping ether: WETH deposit, or Universal Router WRAP_ETH (without token on a chain whose WETH it does not know, without amount for the router's whole balance).
 */
export interface WethDepositIntent extends IntentFields {
  type: 'wethDeposit'
  /**
   * The transaction's `to`; absent for a contract deployment.
   */
  to: string
  /**
   * The contract the request acts on (token contract, verifying contract, Permit2, router...).
   */
  contract: string
  /**
   * Name of the decoded function or command, for example transfer, execTransaction or V3_SWAP_EXACT_IN.
   */
  functionName: string
}
/**
 * Unwrapping WETH: WETH withdraw, or Universal Router UNWRAP_WETH (without token on a chain whose WETH it does not know, without amount for the router's whole balance).
 */
export interface WethWithdrawIntent extends IntentFields {
  type: 'wethWithdraw'
  /**
   * The transaction's `to`; absent for a contract deployment.
   */
  to: string
  /**
   * The contract the request acts on (token contract, verifying contract, Permit2, router...).
   */
  contract: string
  /**
   * Name of the decoded function or command, for example transfer, execTransaction or V3_SWAP_EXACT_IN.
   */
  functionName: string
}
/**
 * An EIP-2612 or DAI permit, signed as typed data or submitted on-chain.
 */
export interface PermitIntent extends IntentFields {
  type: 'permit'
  /**
   * The contract the request acts on (token contract, verifying contract, Permit2, router...).
   */
  contract: string
  /**
   * The asset moved or approved.
   */
  token: string
  /**
   * Holder of the tokens moved or approved when it is not the signer (transferFrom, permits, Permit2).
   */
  owner: string
  spender: IntentAddress
  /**
   * Amount in the token's base units.
   */
  amount: string
  /**
   * True for an approval of the maximum uint256 (or uint160 for Permit2).
   */
  unlimited: boolean
  /**
   * Permit deadline or expiration, unix seconds.
   */
  deadline: string
}
/**
 * A Permit2 allowance (approve, PermitSingle, PermitBatch, or a Universal Router permit); token and amount only when it names one token.
 */
export interface Permit2ApproveIntent extends IntentFields {
  type: 'permit2Approve'
  spender: IntentAddress
  /**
   * Every allowance the request grants (Permit2 batches and Universal Router permits).
   */
  approvals: Approval[]
}
/**
 * A Permit2 transfer (transferFrom, a signature transfer, or a Universal Router pull); which fields it has depends on its form.
 */
export interface Permit2TransferIntent extends IntentFields {
  type: 'permit2Transfer'
}
/**
 * Several calls made by one (multicall, Safe, smart account, Universal Router plan, handleOps), each in `intents`.
 */
export interface BatchIntent extends IntentFields {
  type: 'batch'
  /**
   * The transaction's `to`; absent for a contract deployment.
   */
  to: string
  /**
   * The contract the request acts on (token contract, verifying contract, Permit2, router...).
   */
  contract: string
  /**
   * Inner intents of a batch, in order.
   */
  intents: Intent[]
}
/**
 * An ERC-4337 user operation of account `from`; its call is `intents`.
 */
export interface UserOperationIntent extends IntentFields {
  type: 'userOperation'
  from: IntentAddress
  /**
   * The transaction's `to`; absent for a contract deployment.
   */
  to: string
  /**
   * The contract the request acts on (token contract, verifying contract, Permit2, router...).
   */
  contract: string
  nonce: IntentDecimalString
  /**
   * Inner intents of a batch, in order.
   */
  intents: Intent[]
}
/**
 * A Universal Router swap, or a plan that amounts to one swap.
 */
export interface SwapIntent extends IntentFields {
  type: 'swap'
  /**
   * The transaction's `to`; absent for a contract deployment.
   */
  to: string
  /**
   * The contract the request acts on (token contract, verifying contract, Permit2, router...).
   */
  contract: string
  /**
   * Name of the decoded function or command, for example transfer, execTransaction or V3_SWAP_EXACT_IN.
   */
  functionName: string
  /**
   * Swap: which side of the swap is fixed; for exactOut, `amount` is the maximum spent.
   */
  swapKind: 'exactIn' | 'exactOut'
  /**
   * The asset moved or approved.
   */
  token: string
  /**
   * Swap: the asset received.
   */
  tokenOut: string
  recipient: IntentAddress
}
/**
 * A personal_sign message.
 */
export interface SignMessageIntent extends IntentFields {
  type: 'signMessage'
  /**
   * personal_sign payload as hex.
   */
  messageHex: string
}
/**
 * A personal_sign message that is an EIP-4361 Sign-In with Ethereum.
 */
export interface SignInIntent extends IntentFields {
  type: 'signIn'
  /**
   * personal_sign text when the payload is valid UTF-8.
   */
  message: string
  /**
   * personal_sign payload as hex.
   */
  messageHex: string
  /**
   * EIP-4361 fields of a Sign-In with Ethereum message.
   */
  siwe: {
    [k: string]: string
  }
}
/**
 * EIP-712 typed data the decoder reads as nothing more specific.
 */
export interface SignTypedDataIntent extends IntentFields {
  type: 'signTypedData'
  from: IntentAddress
  typedData: {
    primaryType: string
    domain: {}
    message: {}
  }
}
/**
 * A Seaport order: what `owner` offers and who receives what.
 */
export interface SeaportOrderIntent extends IntentFields {
  type: 'seaportOrder'
  from: IntentAddress
  /**
   * Holder of the tokens moved or approved when it is not the signer (transferFrom, permits, Permit2).
   */
  owner: string
  /**
   * Every asset movement the request causes (ERC-1155 batches, Permit2 batches, Seaport offers).
   */
  transfers: Transfer[]
  /**
   * Permit deadline or expiration, unix seconds.
   */
  deadline: string
  nonce: IntentDecimalString
}
/**
 * A request the decoder could not read at all; it always carries decoderError.
 */
export interface UnknownIntent extends IntentFields {
  type: 'unknown'
  /**
   * Present when the request could not be fully decoded; policies must refuse such an intent (fail closed).
   */
  decoderError: {
    code: number
    name: string
  }
}
