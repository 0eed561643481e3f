// The ERC-7730 clear-signing engine: descriptors in, wallet display out. The rest of the decoder reaches the
// engine only through this file (a dependency-cruiser rule); the package's own index.ts chooses what of it is
// public. chainInfo, checksum and formatDecodedCall serve the decoder's display fields and its calls whose
// arguments are already read.
export { chainInfo } from './chains'
export {
  createDescriptorRegistry,
  type DecodedCallFormatter,
  formatDecodedCall,
} from './createDescriptorRegistry'
export { loadDescriptorDirectory } from './loadDescriptorDirectory'
export type {
  CalldataRequest,
  ClearSignDisplay,
  ClearSignError,
  ClearSignErrorCode,
  ClearSignField,
  ClearSignInteractWith,
  ClearSignWarning,
  DataProvider,
  DescriptorLoadIssue,
  DescriptorRegistry,
  DescriptorRegistryOptions,
  DescriptorSource,
  FieldFormat,
  TokenInfo,
  TypedDataRequest,
} from './types'
export { checksum } from './value'
