// The public face of @rampart/decoder.

export { createEntitiesDataProvider, type EntitiesLike } from './dataProvider/createEntitiesDataProvider'
export { decodeIntent, decodeRequest } from './decodeRequest'
export {
  type DescriptorFamily,
  type RampartDescriptors,
  rampartDescriptors,
} from './descriptors/rampartDescriptors'
export type { DataProvider, DescriptorRegistry, TokenInfo } from './erc7730'
export { createDescriptorRegistry, loadDescriptorDirectory } from './erc7730'
export { type DecoderErrorName, DecodingError, decoderErrorCodes } from './errors/decodingError'
export { limits } from './limits'
export { declaresOwnDomainType, eip712DomainType } from './typedData/eip712DomainType'
export type {
  Action,
  Call,
  DecodeOptions,
  DecoderError,
  Decoding,
  Display,
  DisplayField,
  FunctionDescriptor,
  Intent,
  IntentType,
  InteractWith,
  JsonRpcRequest,
  Resolution,
} from './types'
