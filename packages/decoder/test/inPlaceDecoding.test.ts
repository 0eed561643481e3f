// Differential test of the in-place argument readers on the display path. Calls whose inputs are all one-word
// static types are displayed without viem: the registry reads their arguments in place, and built-in
// functions hand over the arguments they already read. Everything displayed that way must be exactly what the
// reference (every call decoded by viem's decodeAbiParameters) displays: same JSON, byte for byte.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { type AbiFunction, encodeAbiParameters, parseAbiItem, toFunctionSelector, toHex } from 'viem'
import { describe, expect, it } from 'vitest'
import { builtinFunctions } from '../src/calldata/builtinFunctions'
import { decodeResolution } from '../src/decodeRequest'
import { compileRampartDescriptors } from '../src/descriptors/rampartDescriptors'
import {
  conformanceRegistries,
  loadConformanceCorpus,
  mockProvider,
  registryIncludeReader,
} from '../src/erc7730/conformance'
import { createDescriptorRegistry, viemDecoding } from '../src/erc7730/createDescriptorRegistry'
import { loadDescriptorDirectory } from '../src/erc7730/loadDescriptorDirectory'
import {
  ALICE,
  mailDescriptor,
  provider,
  ROUTER,
  VAULT,
  vaultDescriptor,
  vaultInterface,
} from '../src/erc7730/testDescriptors'
import type { DescriptorRegistry, DescriptorSource } from '../src/erc7730/types'
import { createEntitiesDataProvider, type DecodeOptions, decodeRequest } from '../src/index'
import { sample } from './abiSamples'

const root = fileURLToPath(new URL('../../../', import.meta.url))
const fixturesDir = join(root, 'fixtures/requests')
const descriptorsDir = fileURLToPath(new URL('../descriptors/', import.meta.url))
const entities = JSON.parse(readFileSync(join(fixturesDir, 'entities.json'), 'utf8'))
const reference = compileRampartDescriptors({ [viemDecoding]: true })

/** JSON with bigints and undefined values spelled out, so that no difference can hide in serialization. */
function serialize(value: unknown): string {
  return JSON.stringify(value, (_key, item) =>
    typeof item === 'bigint' ? `${item}n` : item === undefined ? '<undefined>' : item,
  )
}

/** Every descriptor kept in this repository: Rampart's own and the engine's test descriptors. */
const repoDescriptors: DescriptorSource[] = [
  ...readdirSync(descriptorsDir)
    .filter((name) => name.endsWith('.json'))
    .map((name) => ({
      source: `rampart/${name}`,
      json: JSON.parse(readFileSync(join(descriptorsDir, name), 'utf8')),
    })),
  { source: 'example/calldata-vault.json', json: vaultDescriptor },
  { source: 'example/common-vault.json', json: vaultInterface },
  { source: 'example/eip712-mail.json', json: mailDescriptor },
]
const fastRegistry = createDescriptorRegistry(repoDescriptors, { matchUnbound: true })
const viemRegistry = createDescriptorRegistry(repoDescriptors, { matchUnbound: true, [viemDecoding]: true })

/** The same request decoded by decodeRequest and by the reference (viem decodes every displayed call). */
function expectSameResolution(request: unknown, options: DecodeOptions, label: string): void {
  const referenceOptions =
    options.descriptors === fastRegistry ? { ...options, descriptors: viemRegistry } : options
  expect(serialize(decodeRequest(request, options)), label).toBe(
    serialize(decodeResolution(request, referenceOptions, true, reference)),
  )
}

const isOneWord = (type: string) => /^(address|bool|u?int\d+|bytes([1-9]|[12]\d|3[012]))$/.test(type)

/**
 * Calldata variants the in-place readers must either read exactly as viem does or leave to viem: clean
 * words, mixed-case hex, each word with dirty high bits, short, with trailing bytes, odd length.
 */
function variants(selector: string, encoded: string): string[] {
  const body = encoded.slice(2)
  const out = [
    `${selector}${body}`,
    `${selector}${body.toUpperCase()}`,
    `${selector}${body}${'00'.repeat(32)}`,
  ]
  out.push(`${selector}${body.slice(0, -2)}`, `${selector}${body.slice(0, -64)}`, `${selector}${body}a`)
  for (let at = 0; at < body.length; at += 64)
    out.push(`${selector}${body.slice(0, at)}ff${body.slice(at + 2)}`)
  return out
}

describe('in-place argument reading on the display path', () => {
  it('displays every request fixture exactly as the viem reference does', () => {
    const files = readdirSync(fixturesDir).filter(
      (name) => name.endsWith('.json') && name !== 'entities.json',
    )
    expect(files.length).toBeGreaterThanOrEqual(40)
    for (const file of files) {
      const fixture = JSON.parse(readFileSync(join(fixturesDir, file), 'utf8'))
      const nfts: Record<string, string> = fixture.nftCollections ?? {}
      const dataProvider = {
        ...createEntitiesDataProvider(entities),
        nftCollectionName: (_chainId: number, address: string) => nfts[address],
      }
      const chainId = fixture.chainId
      expectSameResolution(fixture.request, { dataProvider, chainId }, `${file} (entities)`)
      expectSameResolution(fixture.request, { chainId }, `${file} (no data provider)`)
      expectSameResolution(
        fixture.request,
        { entities, chainId, descriptors: fastRegistry },
        `${file} (descriptors)`,
      )
      const tx = fixture.request.method === 'eth_sendTransaction' ? fixture.request.params[0] : undefined
      if (typeof tx?.data === 'string' && tx.data.length >= 10) {
        for (const data of variants(tx.data.slice(0, 10), `0x${tx.data.slice(10)}`)) {
          const request = { ...fixture.request, params: [{ ...tx, data }] }
          expectSameResolution(request, { entities, chainId, descriptors: fastRegistry }, `${file} ${data}`)
        }
      }
    }
  })

  it('displays every one-word built-in function exactly as the viem reference does, whatever the arguments', () => {
    const functions = [...builtinFunctions.values()].flat().filter((fn) => fn.staticArguments)
    expect(functions.map((fn) => fn.abi.name)).toEqual(
      expect.arrayContaining(['transfer', 'approve', 'transferFrom', 'setApprovalForAll', 'deposit']),
    )
    const usdt = '0xdac17f958d2ee523a2206206994597c13d831ec7'
    const known = '0x5bdbd6e977d40a2fbebad8d8654556582a6df854'
    for (const fn of functions) {
      for (let seed = 0; seed < 12; seed++) {
        const args = fn.abi.inputs.map((input, index) =>
          // A known organization address now and then, so that named addresses are displayed too.
          input.type === 'address' && (seed + index) % 3 === 0
            ? known
            : sample(input.type, seed * 31 + index),
        )
        const encoded = encodeAbiParameters(fn.abi.inputs, args)
        for (const data of variants(fn.selector, encoded)) {
          const request = {
            method: 'eth_sendTransaction',
            params: [{ from: ALICE, to: seed % 2 ? usdt : VAULT, value: toHex(seed), data, chainId: '0x1' }],
          }
          expectSameResolution(request, { entities, descriptors: fastRegistry }, `${fn.abi.name} ${data}`)
        }
      }
    }
  })

  it('formats every one-word format of the repository descriptors exactly as the viem reference does', () => {
    let formats = 0
    for (const { json } of repoDescriptors) {
      const display = (json as { display?: { formats?: Record<string, unknown> } }).display
      const deployed = (json as { context?: { contract?: unknown } }).context?.contract
      if (!deployed) continue
      for (const key of Object.keys(display?.formats ?? {})) {
        const item = parseAbiItem(`function ${key}`) as AbiFunction
        if (!item.inputs.every((input) => isOneWord(input.type))) continue
        formats++
        const selector = toFunctionSelector(item)
        for (let seed = 0; seed < 8; seed++) {
          const args = item.inputs.map((input, index) => sample(input.type, seed * 17 + index))
          for (const data of variants(selector, encodeAbiParameters(item.inputs, args))) {
            for (const to of [VAULT, ROUTER]) {
              const request = { chainId: 1, to, data, value: BigInt(seed) * 10n ** 17n, from: ALICE }
              expect(serialize(fastRegistry.formatCalldata(request, provider)), `${key} ${data}`).toBe(
                serialize(viemRegistry.formatCalldata(request, provider)),
              )
            }
          }
        }
      }
    }
    expect(formats).toBeGreaterThanOrEqual(10)
  })

  // The public ERC-7730 registry's testsv2 corpus, when a checkout is at hand (the same default place as
  // `pnpm conformance:erc7730`; RAMPART_ERC7730_REGISTRY points elsewhere, relative to the repository root).
  const registryDir = resolve(root, process.env.RAMPART_ERC7730_REGISTRY ?? '../shared/erc7730')
  if (existsSync(join(registryDir, 'registry'))) {
    it('formats the ERC-7730 registry corpus exactly as the viem reference does', () => {
      const { cases } = loadConformanceCorpus(registryDir)
      const fast = conformanceRegistries(registryDir, cases)
      const all = loadDescriptorDirectory(registryDir)
      const resolveInclude = registryIncludeReader(registryDir)
      const viem = new Map<string, DescriptorRegistry>()
      let calls = 0
      for (const entry of cases) {
        if (!entry.calldata) continue
        calls++
        let registry = viem.get(entry.source)
        if (!registry) {
          const options = { resolveInclude, fallback: all, [viemDecoding]: true }
          registry = createDescriptorRegistry([{ source: entry.source, json: entry.descriptor }], options)
          viem.set(entry.source, registry)
        }
        const mocks = mockProvider(entry.mocks)
        const { data } = entry.calldata
        for (const variant of variants(data.slice(0, 10), `0x${data.slice(10)}`)) {
          const request = { ...entry.calldata, data: variant }
          expect(serialize(fast.get(entry.source)!.formatCalldata(request, mocks)), entry.description).toBe(
            serialize(registry.formatCalldata(request, mocks)),
          )
        }
      }
      expect(calls).toBeGreaterThan(100)
      // The whole corpus, twice over: about 5 s alone, more on a machine shared with other suites.
    }, 60_000)
  }
})
