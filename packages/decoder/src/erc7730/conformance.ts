// Runs the ERC-7730 registry's `registry/*/testsv2/*.tests.json` fixtures (format:
// specs/erc7730-tests-v2.schema.json) against this engine, comparing intent, interpolatedIntent, owner
// and fields exactly.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { parseTransaction } from 'viem'
import { createDescriptorRegistry } from './createDescriptorRegistry'
import { loadDescriptorDirectory } from './loadDescriptorDirectory'
import type { ClearSignDisplay, DataProvider, DescriptorRegistry, TypedDataRequest } from './types'

export interface Expected {
  intent: string
  interpolatedIntent?: string
  owner?: string
  fields: { label: string; value: string | Expected }[]
}

export interface TestFile {
  descriptor: string
  dataProvider?: {
    tokens?: Record<string, { symbol: string; decimals: number; name: string }>
    addressNames?: Record<string, string>
    ensNames?: Record<string, string>
    nftCollectionNames?: Record<string, string>
    blockTimestamps?: Record<string, number>
  }
  tests: {
    description: string
    rawTx?: string
    from?: string
    data?: Record<string, unknown>
    expected: Expected
  }[]
}

/** Data-provider mocks of a fixture file, as a Rampart DataProvider (address keys are lowercase). */
export function mockProvider(mocks: TestFile['dataProvider'] = {}): DataProvider {
  const lower = <T>(map: Record<string, T> = {}) =>
    new Map(Object.entries(map).map(([key, value]) => [key.toLowerCase(), value]))
  const tokens = lower(mocks.tokens)
  const names = lower(mocks.addressNames)
  const ens = lower(mocks.ensNames)
  const nfts = lower(mocks.nftCollectionNames)
  const blocks = new Map(Object.entries(mocks.blockTimestamps ?? {}))
  return {
    token: (_chainId, address) => tokens.get(address),
    addressName: (_chainId, address) => names.get(address),
    ensName: (_chainId, address) => ens.get(address),
    nftCollectionName: (_chainId, address) => nfts.get(address),
    blockTimestamp: (_chainId, block) => blocks.get(block.toString()),
  }
}

/** First difference between what the engine displayed and what the fixture expects, or `undefined`. */
export function compareDisplay(
  actual: ClearSignDisplay | undefined,
  expected: Expected,
  at = '',
): string | undefined {
  if (!actual) return `${at}no descriptor matched`
  if (actual.intent !== expected.intent) return `${at}intent ${q(actual.intent)} != ${q(expected.intent)}`
  // Exact: a fixture without interpolatedIntent (or owner) expects none to be shown.
  if ((actual.interpolatedIntent ?? undefined) !== expected.interpolatedIntent) {
    const why = actual.error ? ` (${actual.error.message})` : ''
    return `${at}interpolatedIntent ${q(actual.interpolatedIntent)} != ${q(expected.interpolatedIntent)}${why}`
  }
  if ((actual.interactWith.owner ?? undefined) !== expected.owner) {
    return `${at}owner ${q(actual.interactWith.owner)} != ${q(expected.owner)}`
  }
  const count = Math.max(actual.fields.length, expected.fields.length)
  for (let i = 0; i < count; i++) {
    const got = actual.fields[i]
    const want = expected.fields[i]
    if (!got || !want) {
      const why = actual.error ? ` (${actual.error.message})` : ''
      return `${at}fields[${i}] ${got ? `unexpected ${q(got.label)}` : `missing ${q(want?.label)}`}${why}`
    }
    if (got.label !== want.label) return `${at}fields[${i}].label ${q(got.label)} != ${q(want.label)}`
    if (typeof want.value === 'string') {
      const value = typeof got.value === 'string' ? got.value : `<nested ${got.value.intent}>`
      if (value !== want.value) return `${at}fields[${i}] ${q(want.label)}: ${q(value)} != ${q(want.value)}`
    } else {
      if (typeof got.value === 'string')
        return `${at}fields[${i}] ${q(want.label)}: ${q(got.value)} is not nested`
      const diff = compareDisplay(got.value, want.value, `${at}fields[${i}].`)
      if (diff) return diff
    }
  }
  return undefined
}

function q(value: unknown): string {
  return JSON.stringify(value)
}

function findTestFiles(registryDir: string): string[] {
  const root = join(registryDir, 'registry')
  const files: string[] = []
  for (const entity of readdirSync(root).sort()) {
    const dir = join(root, entity, 'testsv2')
    if (!existsSync(dir)) continue
    for (const name of readdirSync(dir).sort()) if (name.endsWith('.tests.json')) files.push(join(dir, name))
  }
  return files
}

/** One fixture case, ready to format: the request parsed, the mocks and the descriptor it names. */
export interface ConformanceCase {
  /** Test file, relative to the registry directory. */
  file: string
  description: string
  /** Descriptor under test: path relative to the registry directory, and its JSON. */
  source: string
  descriptor: unknown
  mocks: TestFile['dataProvider']
  calldata?: { chainId: number; to: string; data: string; value: bigint; from?: string }
  typedData?: TypedDataRequest
  expected: Expected
}

/** Reads every testsv2 fixture of a registry checkout. Unreadable files are returned as `errors`. */
export function loadConformanceCorpus(registryDir: string): { cases: ConformanceCase[]; errors: string[] } {
  const cases: ConformanceCase[] = []
  const errors: string[] = []
  for (const path of findTestFiles(registryDir)) {
    const file = relative(registryDir, path)
    try {
      const suite: TestFile = JSON.parse(readFileSync(path, 'utf8'))
      const descriptorPath = resolve(dirname(path), suite.descriptor)
      const source = relative(registryDir, descriptorPath)
      const descriptor = JSON.parse(readFileSync(descriptorPath, 'utf8'))
      for (const test of suite.tests) {
        const entry: ConformanceCase = {
          file,
          description: test.description,
          source,
          descriptor,
          mocks: suite.dataProvider,
          expected: test.expected,
        }
        if (test.rawTx) {
          const tx = parseTransaction(test.rawTx as `0x${string}`)
          entry.calldata = {
            chainId: tx.chainId ?? 1,
            to: tx.to ?? '',
            data: tx.data ?? '0x',
            value: tx.value ?? 0n,
            from: test.from,
          }
        } else if (test.data) {
          entry.typedData = test.data as unknown as TypedDataRequest
        }
        cases.push(entry)
      }
    } catch (error) {
      errors.push(`FAIL ${file}: cannot load (${(error as Error).message.split('\n')[0]})`)
    }
  }
  return { cases, errors }
}

/** Reads an include relative to the including descriptor, inside the registry directory. */
export function registryIncludeReader(registryDir: string) {
  return (including: string, reference: string): unknown => {
    try {
      return JSON.parse(readFileSync(resolve(registryDir, dirname(including), reference), 'utf8'))
    } catch {
      return undefined
    }
  }
}

/**
 * A registry per descriptor under test: that descriptor first, the whole registry behind it (for
 * embedded calls to other contracts). Compiled once per descriptor file.
 */
export function conformanceRegistries(
  registryDir: string,
  cases: readonly ConformanceCase[],
): Map<string, DescriptorRegistry> {
  const all = loadDescriptorDirectory(registryDir)
  const resolveInclude = registryIncludeReader(registryDir)
  const registries = new Map<string, DescriptorRegistry>()
  for (const { source, descriptor } of cases) {
    if (!registries.has(source)) {
      registries.set(
        source,
        createDescriptorRegistry([{ source, json: descriptor }], { resolveInclude, fallback: all }),
      )
    }
  }
  return registries
}

/** Formats one case with this engine. */
export function formatCase(
  registry: DescriptorRegistry,
  entry: ConformanceCase,
  provider: DataProvider,
): ClearSignDisplay | undefined {
  if (entry.calldata) return registry.formatCalldata(entry.calldata, provider)
  if (entry.typedData) return registry.formatTypedData(entry.typedData, provider)
  return undefined
}

export function runConformance(
  registryDir: string,
  log: (line: string) => void,
): { passed: number; failed: number } {
  const { cases, errors } = loadConformanceCorpus(registryDir)
  for (const line of errors) log(line)
  const registries = conformanceRegistries(registryDir, cases)
  let passed = 0
  let failed = errors.length
  for (const entry of cases) {
    const actual = formatCase(registries.get(entry.source)!, entry, mockProvider(entry.mocks))
    const diff = compareDisplay(actual, entry.expected)
    if (diff) {
      failed++
      log(`FAIL ${entry.file} :: ${entry.description}: ${diff}`)
    } else {
      passed++
    }
  }
  return { passed, failed }
}
