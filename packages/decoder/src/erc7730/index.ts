// The ERC-7730 clear-signing engine: descriptors in, wallet display out.
export { createDescriptorRegistry } from './createDescriptorRegistry'
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
