// The public face of @rampart/decoder.

export { createEntitiesDataProvider, type EntitiesLike } from './dataProvider/createEntitiesDataProvider'
export { decodeIntent, decodeRequest } from './decodeRequest'
export {
  type DescriptorFamily,
  type RampartDescriptors,
  rampartDescriptors,
} from './descriptors/rampartDescriptors'
export { declaresOwnDomainType, eip712DomainType } from './eip712/eip712DomainType'
export type { DataProvider, DescriptorRegistry, TokenInfo } from './erc7730'
export { createDescriptorRegistry, loadDescriptorDirectory } from './erc7730'
export {
  type DecoderErrorName,
  DecodingError,
  type DecodingErrorDetails,
  decoderErrorCodes,
  decoderErrors,
} from './errors/decodingError'
export { limits } from './limits'
export type {
  Action,
  Approval,
  BatchIntent,
  Call,
  ContractCallIntent,
  ContractDeploymentIntent,
  DecodeOptions,
  DecoderError,
  Decoding,
  Display,
  DisplayField,
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
  FunctionDescriptor,
  Intent,
  IntentFields,
  IntentType,
  InteractWith,
  JsonRpcRequest,
  NativeTransferIntent,
  Permit2ApproveIntent,
  Permit2TransferIntent,
  PermitIntent,
  Resolution,
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
} from './types'
