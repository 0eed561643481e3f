/* This file is generated from schemas/ by `pnpm types:generate`. Do not edit it by hand. */

import type { Intent } from './intent'
export type { Intent }

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
