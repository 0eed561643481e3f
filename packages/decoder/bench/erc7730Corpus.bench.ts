// The full public ERC-7730 fixture corpus (every registry/*/testsv2 case of ../shared/erc7730), formatted
// by Rampart's engine and by @ethereum-sourcify/clear-signing with the same descriptors and mocks.
// RAMPART_ERC7730_REGISTRY points it at another registry checkout (relative to the repository root).
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import {
  type DescriptorResolver,
  type ExternalDataProvider,
  format,
  formatTypedData,
  type RegistryIndex,
} from '@ethereum-sourcify/clear-signing'
import { bench, describe } from 'vitest'
import { chainInfo } from '../src/erc7730/chains'
import {
  type ConformanceCase,
  conformanceRegistries,
  formatCase,
  loadConformanceCorpus,
  mockProvider,
} from '../src/erc7730/conformance'

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..')
const registryDir = resolve(repoRoot, process.env.RAMPART_ERC7730_REGISTRY ?? '../shared/erc7730')

/** The same case for the reference library: in-memory descriptors, the descriptor under test indexed first. */
function sourcifyCase(entry: ConformanceCase): () => Promise<unknown> {
  const index = baseIndex()
  const descriptor = entry.descriptor as { context?: { contract?: Deployments; eip712?: Deployments } }
  for (const { chainId, address } of descriptor.context?.contract?.deployments ?? []) {
    index.calldataIndex[`eip155:${chainId}:${address.toLowerCase()}`] = entry.source
  }
  const resolver: DescriptorResolver = {
    index,
    fetchDescriptor: async (path) => readDescriptor(path) as never,
  }
  const options = {
    descriptorResolverOptions: { type: 'custom' as const, resolver },
    externalDataProvider: provider(entry),
  }
  if (entry.calldata) return () => format(entry.calldata!, options)
  const typedData = { account: '0x0000000000000000000000000000000000000000', ...entry.typedData! }
  return () => formatTypedData(typedData as never, options)
}

type Deployments = { deployments?: { chainId: number; address: string }[] }

let cachedIndex: RegistryIndex | undefined
function baseIndex(): RegistryIndex {
  cachedIndex ??= {
    calldataIndex: JSON.parse(readFileSync(join(registryDir, 'index.calldata.json'), 'utf8')),
    typedDataIndex: JSON.parse(readFileSync(join(registryDir, 'index.eip712.json'), 'utf8')),
  }
  return { calldataIndex: { ...cachedIndex.calldataIndex }, typedDataIndex: cachedIndex.typedDataIndex }
}

// Parsed once up front, so neither engine pays for file reads or JSON parsing inside the loop.
const descriptors = new Map<string, unknown>()
function readDescriptor(path: string): unknown {
  let json = descriptors.get(path)
  if (json === undefined) {
    json = JSON.parse(readFileSync(join(registryDir, path), 'utf8'))
    descriptors.set(path, json)
  }
  return json
}

function provider(entry: ConformanceCase): ExternalDataProvider {
  const mocks = mockProvider(entry.mocks)
  return {
    resolveToken: async (chainId, address) => {
      const token = mocks.token?.(chainId, address.toLowerCase())
      return token ? { name: token.name ?? '', symbol: token.symbol ?? '', decimals: token.decimals } : null
    },
    resolveLocalName: async (address) => {
      const name = mocks.addressName?.(0, address.toLowerCase())
      return name ? { name, typeMatch: true } : null
    },
    resolveEnsName: async (address) => {
      const name = mocks.ensName?.(0, address.toLowerCase())
      return name ? { name, typeMatch: true } : null
    },
    resolveNftCollectionName: async (chainId, address) => {
      const name = mocks.nftCollectionName?.(chainId, address.toLowerCase())
      return name ? { name } : null
    },
    resolveBlockTimestamp: async (chainId, block) => {
      const timestamp = mocks.blockTimestamp?.(chainId, block)
      return timestamp === undefined ? null : { timestamp }
    },
    resolveChainInfo: async (chainId) => chainInfo(chainId) ?? null,
  }
}

const corpusPresent = existsSync(join(registryDir, 'registry'))
if (!corpusPresent) {
  console.log(`erc7730Corpus.bench: no ERC-7730 registry at ${registryDir}; nothing to measure.`)
}

// The corpus is external data: without it the suite is not run (vitest fails a file with no suite at all).
describe.runIf(corpusPresent)('ERC-7730 public fixture corpus', () => {
  const { cases } = corpusPresent ? loadConformanceCorpus(registryDir) : { cases: [] }
  const registries = conformanceRegistries(registryDir, cases)
  const rampart = cases.map((entry) => ({
    entry,
    registry: registries.get(entry.source)!,
    provider: mockProvider(entry.mocks),
  }))
  const sourcify = cases.map((entry) => sourcifyCase(entry))

  // Longer sampling than the default: the two engines run one after the other, so a longer window
  // evens out load from other processes on a shared machine.
  const options = { time: 2000, warmupTime: 300 }
  bench(
    `rampart ERC-7730 engine (${cases.length} cases)`,
    () => {
      for (const { entry, registry, provider } of rampart) formatCase(registry, entry, provider)
    },
    options,
  )
  bench(
    `@ethereum-sourcify/clear-signing (${cases.length} cases)`,
    async () => {
      for (const run of sourcify) await run()
    },
    options,
  )
})
