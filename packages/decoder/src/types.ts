import type { EntityIndex } from '@rampart/entities'
import type { EntitiesLike } from './dataProvider/createEntitiesDataProvider'
import type { DataProvider, DescriptorRegistry } from './erc7730'
import type { Resolution } from './generated/resolution'

// Each type is declared once, in the generated file of the schema that defines it, and only re-exported from
// here: a second declaration of the same name (IntentType as Intent['type'], say) would make the bundled .d.ts
// rename one of them IntentType$1.
export type {
  Approval,
  BatchIntent,
  ContractCallIntent,
  ContractDeploymentIntent,
  Erc20ApproveIntent,
  Erc20DecreaseAllowanceIntent,
  Erc20IncreaseAllowanceIntent,
  Erc20TransferFromIntent,
  Erc20TransferIntent,
  Erc721ApproveIntent,
  Erc721SetApprovalForAllIntent,
  Erc721TransferIntent,
  Erc1155BatchTransferIntent,
  Erc1155SetApprovalForAllIntent,
  Erc1155TransferIntent,
  Intent,
  IntentFields,
  IntentType,
  NativeTransferIntent,
  Permit2ApproveIntent,
  Permit2TransferIntent,
  PermitIntent,
  SeaportOrderIntent,
  SignInIntent,
  SignMessageIntent,
  SignTypedDataIntent,
  SwapIntent,
  Transfer,
  UnknownIntent,
  UserOperationIntent,
  WethDepositIntent,
  WethWithdrawIntent,
} from './generated/intent'
export type {
  DecoderError,
  Decoding,
  Display,
  DisplayField,
  FunctionDescriptor,
  InteractWith,
  Resolution,
} from './generated/resolution'

export type Action = Resolution['action']

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
   * `dataProvider: createEntitiesDataProvider(entities)`.
   */
  entities?: EntityIndex | EntitiesLike
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
