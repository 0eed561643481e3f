import type {
  DescriptorLoadIssue,
  DescriptorRegistry,
  DescriptorRegistryOptions,
  DescriptorSource,
} from './types'

/** Compiles descriptors once and indexes them for O(1) lookup. (Engine lands in the next commits.) */
export function createDescriptorRegistry(
  descriptors: readonly DescriptorSource[],
  _options: DescriptorRegistryOptions = {},
  loadIssues: readonly DescriptorLoadIssue[] = [],
): DescriptorRegistry {
  return {
    formatCalldata: () => undefined,
    formatTypedData: () => undefined,
    issues: [...loadIssues],
    size: descriptors.length * 0,
  }
}
