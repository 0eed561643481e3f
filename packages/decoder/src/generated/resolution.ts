/* This file is generated from schemas/ by `pnpm types:generate`. Do not edit it by hand. */

/**
 * A decoded signing request: the machine-readable intent for policies, ERC-7730 display data for people, the ABI decoding, and the resolutions of the calls it embeds.
 */
export interface Resolution {
  /**
   * The JSON-RPC method decoded; `unknown` when the request names no supported method (its decoding.error says why).
   */
  action:
    | 'eth_sendTransaction'
    | 'eth_signTransaction'
    | 'personal_sign'
    | 'eth_signTypedData_v4'
    | 'eth_sendUserOperation'
    | 'unknown'
  intent: Intent
  display: Display
  decoding: Decoding
  /**
   * Resolutions of the embedded calls (batches, Safe transactions, user operations), in order; null when there are none.
   */
  resolutions: Resolution[] | null
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
 * This interface was referenced by `Resolution`'s JSON-Schema
 * via the `definition` "Display".
 */
export interface Display {
  intent: string
  interpolatedIntent: string
  interactWith: InteractWith
  fields: DisplayField[]
  requiredFields: string[]
}
/**
 * This interface was referenced by `Resolution`'s JSON-Schema
 * via the `definition` "InteractWith".
 */
export interface InteractWith {
  contractAddress: string | null
  contractChainId: number | null
  contractName: string | null
  protocolId: string | null
  protocolName: string | null
  protocolDescription: string | null
  owner: string | null
  info: {
    legalName?: string
    url?: string
    deploymentDate?: string
    lastUpdate?: string
  } | null
}
/**
 * This interface was referenced by `Resolution`'s JSON-Schema
 * via the `definition` "DisplayField".
 */
export interface DisplayField {
  label: string
  format:
    | 'raw'
    | 'amount'
    | 'tokenAmount'
    | 'nftName'
    | 'date'
    | 'duration'
    | 'unit'
    | 'enum'
    | 'chainId'
    | 'addressName'
    | 'tokenTicker'
    | 'calldata'
    | 'interoperableAddressName'
  /**
   * The field as shown to a person; a nested display for embedded calldata.
   */
  value: string | Display
  /**
   * EIP-55 address behind the field, if any.
   */
  address: string | null
  /**
   * Base units behind an amount field, as a decimal string.
   */
  amount: string | null
  contract: {
    name: string
  } | null
  token: {
    name: string | null
    ticker: string | null
    decimals: number | null
    address: string | null
  } | null
  /**
   * Where the value comes from in the call or message, for tracing (for example #.amount).
   */
  path?: string
}
/**
 * This interface was referenced by `Resolution`'s JSON-Schema
 * via the `definition` "Decoding".
 */
export interface Decoding {
  /**
   * The ABI item of the decoded function, with its selector as methodId; null when nothing was decoded.
   */
  descriptor: FunctionDescriptor | null
  hexSignature: string | null
  error: DecoderError | null
}
/**
 * This interface was referenced by `Resolution`'s JSON-Schema
 * via the `definition` "FunctionDescriptor".
 */
export interface FunctionDescriptor {
  type: string
  name: string
  inputs: AbiParameter[]
  outputs: AbiParameter[]
  stateMutability: string
  methodId: string
}
/**
 * This interface was referenced by `Resolution`'s JSON-Schema
 * via the `definition` "AbiParameter".
 */
export interface AbiParameter {
  name: string
  type: string
  internalType: string | null
  components: AbiParameter[] | null
}
/**
 * Why a request could not be (fully) decoded. `code` is a stable integer and `name` its stable identifier; match on either. `message` is for people and may change. `path` is a JSON Pointer into the request.
 */
export interface DecoderError {
  /**
   * 1000 invalidRequest, 1001 unsupportedMethod, 1002 invalidParams, 1100 malformedHex, 1101 invalidAddress, 1102 invalidQuantity, 1103 invalidTransaction, 1200 truncatedCalldata, 1201 trailingBytes, 1202 unknownSelector, 1203 ambiguousSelector, 1204 abiDecodingFailed, 1205 unknownCommand, 1300 sizeLimitExceeded, 1301 depthLimitExceeded, 1400 invalidTypedData, 1401 invalidUserOperation, 1500 descriptorFailed, 1900 internalError.
   */
  code: number
  name:
    | 'invalidRequest'
    | 'unsupportedMethod'
    | 'invalidParams'
    | 'malformedHex'
    | 'invalidAddress'
    | 'invalidQuantity'
    | 'invalidTransaction'
    | 'truncatedCalldata'
    | 'trailingBytes'
    | 'unknownSelector'
    | 'ambiguousSelector'
    | 'abiDecodingFailed'
    | 'unknownCommand'
    | 'sizeLimitExceeded'
    | 'depthLimitExceeded'
    | 'invalidTypedData'
    | 'invalidUserOperation'
    | 'descriptorFailed'
    | 'internalError'
  message: string
  /**
   * JSON Pointer into the request, for example /params/0/data.
   */
  path: string
  /**
   * Structured details: the selector, the candidate signatures, the limit that was hit...
   */
  context: {} | null
}
