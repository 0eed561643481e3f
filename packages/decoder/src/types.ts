import type { EntityIndex } from '@rampart/entities'
import type { EntitiesLike } from './dataProvider/createEntitiesDataProvider'
import type { DataProvider, DescriptorRegistry } from './erc7730'
import type {
  DecoderError,
  Decoding,
  Display,
  DisplayField,
  FunctionDescriptor,
  Intent,
  InteractWith,
  Resolution,
} from './generated/resolution'

export type {
  DecoderError,
  Decoding,
  Display,
  DisplayField,
  FunctionDescriptor,
  Intent,
  InteractWith,
  Resolution,
}

export type Action = Resolution['action']
export type IntentType = Intent['type']

/** A JSON-RPC request as a wallet sends it. */
export interface JsonRpcRequest {
  method: string
  params?: unknown
}

export interface DecodeOptions {
  /** Trusted names for tokens and addresses; build one with `createEntitiesDataProvider`. */
  dataProvider?: DataProvider
  /**
   * An `EntityIndex` from @rampart/entities (or an Entities document, `EntitiesLike`): shortcut for
   * `dataProvider: createEntitiesDataProvider(entities)`. Anything else is ignored.
   */
  entities?: EntityIndex | EntitiesLike | unknown
  /** Extra ERC-7730 descriptors (e.g. a registry checkout); Rampart's own descriptors always apply. */
  descriptors?: DescriptorRegistry
  /** Chain of requests that carry none (personal_sign, user operations, transactions without chainId). */
  chainId?: number
}

/** One call, as the decoder sees it at any depth. Addresses are lowercase. */
export interface Call {
  chainId: number
  /** Who the callee sees as msg.sender. */
  from?: `0x${string}`
  /** Absent for a contract deployment. */
  to?: `0x${string}`
  /** Valid lowercase 0x hex: checked and lowercased when the request is parsed, or produced by the ABI decoder. */
  data: `0x${string}`
  value: bigint
  /** The address whose code context runs the call when it differs from `to` (a DELEGATECALL's caller). */
  executor?: `0x${string}`
  /** How the call is made; delegatecall runs `to`'s code with the executor's storage and funds. */
  operation?: 'call' | 'delegatecall'
}
