// Public types of the ERC-7730 clear-signing engine.

import type { DisplayField } from '../generated/resolution'

/** Token metadata as a data provider knows it. */
export interface TokenInfo {
  symbol?: string
  name?: string
  decimals: number
}

/**
 * Synchronous lookups the engine may need while formatting. Every lookup is optional: a missing provider or
 * an `undefined` answer makes the engine fall back to the raw value (an address, a base-unit amount...).
 * Addresses are passed lowercase.
 */
export interface DataProvider {
  token?(chainId: number, address: string): TokenInfo | undefined
  /** Local, trusted names (an organization's address book, contract labels). */
  addressName?(chainId: number, address: string): string | undefined
  /** Reverse-resolved ENS name. */
  ensName?(chainId: number, address: string): string | undefined
  nftCollectionName?(chainId: number, address: string): string | undefined
  /** Unix time in seconds of a block. */
  blockTimestamp?(chainId: number, blockNumber: bigint): number | undefined
}

/** One descriptor file: `source` names it in errors (a path or an id), `json` is its parsed content. */
export interface DescriptorSource {
  source: string
  json: unknown
}

export interface DescriptorRegistryOptions {
  /**
   * Resolves an `includes` reference (relative to the including file's `source`) to its parsed JSON.
   * Without it, includes are looked up among the descriptors given to the registry by source path.
   */
  resolveInclude?: (includingSource: string, reference: string) => unknown
  /** Maximum nesting depth of embedded calldata (`calldata` format). Default 4. */
  maxCalldataDepth?: number
  /**
   * A registry consulted when none of these descriptors match, for embedded calldata too: an
   * organization's own descriptors layered over the public registry, for example.
   */
  fallback?: DescriptorRegistry
  /**
   * Whether descriptors whose context binds nothing (no deployment, EIP-712 domain value or domain
   * separator, like `"contract": {}`) apply to every contract, as generic interfaces of last resort.
   * Default false: the spec requires a binding to be verified, and such registry files are interfaces
   * meant to be included by bound descriptors.
   */
  matchUnbound?: boolean
}

/** A transaction to clear-sign. */
export interface CalldataRequest {
  chainId: number
  /** Contract called. */
  to: string
  /** Calldata, 0x-prefixed hex. */
  data: string
  /** Native value sent, in wei. */
  value?: bigint | string
  /** Signer. */
  from?: string
}

/** An EIP-712 typed data request (as passed to `eth_signTypedData_v4`, already parsed). */
export interface TypedDataRequest {
  /** Signer, the `@.from` of descriptors. */
  account?: string
  types: Record<string, readonly { name: string; type: string }[]>
  primaryType: string
  domain: Record<string, unknown>
  message: Record<string, unknown>
}

export interface ClearSignInteractWith {
  contractAddress: string | null
  contractChainId: number | null
  contractName: string | null
  protocolId: string | null
  protocolName: string | null
  protocolDescription: string | null
  owner: string | null
  info: { legalName?: string; url?: string; deploymentDate?: string; lastUpdate?: string } | null
}

/**
 * The field format names of ERC-7730: DisplayField's `format` in schemas/decoder/resolution.schema.json, the one
 * definition (isFieldFormat reads the same enum at run time).
 */
export type FieldFormat = DisplayField['format']

export interface ClearSignField {
  label: string
  format: FieldFormat
  /** Rendered value, exactly as a wallet would display it. For `calldata` fields, the nested display. */
  value: string | ClearSignDisplay
  /** The address this field shows, EIP-55, when it shows one (addressName, tokenAmount token, nftName...). */
  address: string | null
  /** Raw amount in base units as a decimal string, for amount / tokenAmount fields. */
  amount: string | null
  contract: { name: string } | null
  token: { address: string; decimals: number | null; name: string | null; ticker: string | null } | null
  /** Source path of the value in the descriptor (e.g. `#.amount`), for tracing. */
  path: string
  /** Error encountered while formatting this field (the value then falls back to the raw value). */
  error?: ClearSignError
  /**
   * Set when external data could not be resolved (unknown token, collection, chain or block): the value
   * is shown raw and a wallet must say so. Not a failure of the display.
   */
  warning?: ClearSignWarning
  /** For array elements whose descriptor sets a `separator`: the text to show before this element. */
  separator?: string
}

/** Stable error codes of the engine. */
export type ClearSignErrorCode =
  | 'ERC7730_INVALID_DESCRIPTOR'
  | 'ERC7730_INCLUDE_NOT_FOUND'
  | 'ERC7730_INVALID_PATH'
  | 'ERC7730_INVALID_CALLDATA'
  | 'ERC7730_INVALID_TYPED_DATA'
  | 'ERC7730_FORMAT_FAILED'
  | 'ERC7730_DEPTH_EXCEEDED'
  | 'ERC7730_SIZE_LIMIT'
  | 'ERC7730_MISSING_VALUE'

export interface ClearSignWarning {
  code:
    | 'ERC7730_UNKNOWN_TOKEN'
    | 'ERC7730_UNKNOWN_COLLECTION'
    | 'ERC7730_UNKNOWN_CHAIN'
    | 'ERC7730_UNKNOWN_DATE'
  message: string
}

export interface ClearSignError {
  code: ClearSignErrorCode
  message: string
  context: Record<string, unknown>
}

/** The display part of a resolution, built from an ERC-7730 descriptor. */
export interface ClearSignDisplay {
  intent: string
  interpolatedIntent: string | null
  interactWith: ClearSignInteractWith
  fields: ClearSignField[]
  requiredFields: string[]
  /** `null` when formatting succeeded; otherwise the first failure (fields still carry what could be shown). */
  error: ClearSignError | null
  /** The descriptor that produced this display. */
  descriptor: { source: string; kind: 'calldata' | 'eip712' }
}

/** Problems found while loading descriptors: a bad descriptor is skipped, never fatal. */
export interface DescriptorLoadIssue extends ClearSignError {
  source: string
  /** JSON Pointer into the descriptor. */
  path: string
}

export interface DescriptorRegistry {
  /** Display for a contract call, or `undefined` when no descriptor matches (chainId, to, selector). */
  formatCalldata(request: CalldataRequest, provider?: DataProvider): ClearSignDisplay | undefined
  /** Display for typed data, or `undefined` when no descriptor matches its domain and encodeType. */
  formatTypedData(typedData: TypedDataRequest, provider?: DataProvider): ClearSignDisplay | undefined
  /** Issues found at load time. */
  readonly issues: readonly DescriptorLoadIssue[]
  /** Number of compiled display formats. */
  readonly size: number
}
