// Runs the ERC-7730 registry's `registry/*/testsv2/*.tests.json` fixtures (format:
// specs/erc7730-tests-v2.schema.json) against this engine, comparing intent, interpolatedIntent, owner
// and fields exactly.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { parseTransaction } from 'viem'
import { createDescriptorRegistry } from './createDescriptorRegistry'
import { loadDescriptorDirectory } from './loadDescriptorDirectory'
import type { ClearSignDisplay, DataProvider, DescriptorRegistry } from './types'

interface Expected {
  intent: string
  interpolatedIntent?: string
  owner?: string
  fields: { label: string; value: string | Expected }[]
}

interface TestFile {
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

export function runConformance(
  registryDir: string,
  log: (line: string) => void,
): { passed: number; failed: number } {
  const all = loadDescriptorDirectory(registryDir)
  const readInclude = (including: string, reference: string) => {
    try {
      return JSON.parse(readFileSync(resolve(registryDir, dirname(including), reference), 'utf8'))
    } catch {
      return undefined
    }
  }
  let passed = 0
  let failed = 0
  for (const file of findTestFiles(registryDir)) {
    const name = relative(registryDir, file)
    let suite: TestFile
    let registry: DescriptorRegistry
    try {
      suite = JSON.parse(readFileSync(file, 'utf8'))
      const descriptorPath = resolve(dirname(file), suite.descriptor)
      const source = relative(registryDir, descriptorPath)
      const json = JSON.parse(readFileSync(descriptorPath, 'utf8'))
      // The descriptor under test first; the whole registry behind it for embedded calls.
      registry = createDescriptorRegistry([{ source, json }], { resolveInclude: readInclude, fallback: all })
    } catch (error) {
      failed++
      log(`FAIL ${name}: cannot load (${(error as Error).message})`)
      continue
    }
    const provider = mockProvider(suite.dataProvider)
    for (const test of suite.tests) {
      let actual: ClearSignDisplay | undefined
      if (test.rawTx) {
        const tx = parseTransaction(test.rawTx as `0x${string}`)
        actual = registry.formatCalldata(
          {
            chainId: tx.chainId ?? 1,
            to: tx.to ?? '',
            data: tx.data ?? '0x',
            value: tx.value ?? 0n,
            from: test.from,
          },
          provider,
        )
      } else if (test.data) {
        actual = registry.formatTypedData(test.data as never, provider)
      }
      const diff = compareDisplay(actual, test.expected)
      if (diff) {
        failed++
        log(`FAIL ${name} :: ${test.description}: ${diff}`)
      } else {
        passed++
      }
    }
  }
  return { passed, failed }
}
