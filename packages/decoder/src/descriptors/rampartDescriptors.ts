import erc20 from '../../descriptors/calldata-erc20.json'
import erc721 from '../../descriptors/calldata-erc721.json'
import erc1155 from '../../descriptors/calldata-erc1155.json'
import permit2 from '../../descriptors/calldata-permit2.json'
import weth from '../../descriptors/calldata-weth.json'
import permit2TypedData from '../../descriptors/eip712-permit2.json'
import permits from '../../descriptors/eip712-permits.json'
import { createDescriptorRegistry, type DescriptorRegistry, type DescriptorRegistryOptions } from '../erc7730'

/** Which of Rampart's own descriptors displays a built-in function. */
export type DescriptorFamily = 'erc20' | 'erc721' | 'erc1155' | 'weth' | 'permit2'

export interface RampartDescriptors {
  calldata: Readonly<Record<DescriptorFamily, DescriptorRegistry>>
  typedData: DescriptorRegistry
}

let compiled: RampartDescriptors | undefined

/**
 * Rampart's token-standard descriptors name no deployments: they apply to whichever contract the decoder has
 * identified as that standard (registry, data shape). That identification is the binding, so the engine may
 * match them unbound.
 */
const unbound: DescriptorRegistryOptions = { matchUnbound: true }

/**
 * Rampart's own ERC-7730 descriptors for the built-in intents (packages/decoder/descriptors). They are
 * compiled once, one registry per token standard: ERC-20 and ERC-721 share selectors, so the decoder first
 * decides the standard and then asks that standard's registry, never a registry that could pick the other.
 */
export function rampartDescriptors(): RampartDescriptors {
  compiled ??= compileRampartDescriptors()
  return compiled
}

/** Compiles Rampart's descriptors with extra registry options (tests compile a reference set this way). */
export function compileRampartDescriptors(
  options: Parameters<typeof createDescriptorRegistry>[1] = {},
): RampartDescriptors {
  const bound = { ...options, ...unbound }
  return {
    calldata: {
      erc20: createDescriptorRegistry([{ source: 'rampart/calldata-erc20.json', json: erc20 }], bound),
      erc721: createDescriptorRegistry([{ source: 'rampart/calldata-erc721.json', json: erc721 }], bound),
      erc1155: createDescriptorRegistry([{ source: 'rampart/calldata-erc1155.json', json: erc1155 }], bound),
      weth: createDescriptorRegistry([{ source: 'rampart/calldata-weth.json', json: weth }], bound),
      permit2: createDescriptorRegistry([{ source: 'rampart/calldata-permit2.json', json: permit2 }], bound),
    },
    typedData: createDescriptorRegistry(
      [
        { source: 'rampart/eip712-permit2.json', json: permit2TypedData },
        { source: 'rampart/eip712-permits.json', json: permits },
      ],
      bound,
    ),
  }
}
