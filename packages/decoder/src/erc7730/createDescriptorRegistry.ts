import { type AbiParameter, decodeAbiParameters } from 'viem'
import type { ArgumentDecoder } from '../abi/compileStaticDecoder'
import {
  type CompiledDescriptor,
  type CompiledFormat,
  type CompileIssue,
  compileDescriptor,
} from './compileDescriptor'
import { domainMatches } from './domainMatches'
import { computeEncodeType, structSchema } from './encodeType'
import { isObject } from './mergeIncludes'
import { type Budget, type Container, newBudget, type RenderContext } from './renderContext'
import { renderFormat } from './renderFormat'
import type {
  CalldataRequest,
  ClearSignDisplay,
  ClearSignError,
  DataProvider,
  DescriptorLoadIssue,
  DescriptorRegistry,
  DescriptorRegistryOptions,
  DescriptorSource,
  TypedDataRequest,
} from './types'
import { lowercaseAddress, toBigInt } from './value'
import { joinSource, normalizeSource, withIncludes } from './withIncludes'

const MAX_CALLDATA_BYTES = 1 << 20
const DEFAULT_MAX_DEPTH = 4
const SELECTOR = /^0x[0-9a-fA-F]{8}/
const LOWERCASE_HEX = /^0x[0-9a-f]*$/

/** Internal lookups shared by layered registries (`fallback`): the top registry renders what they find. */
const deployedFormat = Symbol('deployedFormat')
const unboundFormat = Symbol('unboundFormat')
const typedFormats = Symbol('typedFormats')

/**
 * The decoder's entry point for a call whose arguments it has already read (see DecodedCall): the same
 * display as `formatCalldata`, without checking and decoding the calldata a second time.
 */
export const formatDecodedCall = Symbol('formatDecodedCall')

/**
 * Registry option that decodes every call with viem's decodeAbiParameters, never in place: the reference
 * the in-place readers are tested against (outputs must be identical), not a mode to run in production.
 */
export const viemDecoding = Symbol('viemDecoding')

/**
 * A call as the decoder holds it: `to` and `from` valid lowercase addresses, `data` valid lowercase hex with a
 * selector, `chainId` an integer, and `args` read from `data` as `inputs` by the built-in function of that
 * selector. The arguments are used only by a format whose inputs are all one-word static types and the same
 * types as `inputs` (a selector is 4 bytes of a hash: two signatures can share it): it would have read the
 * same values with the same static reader. Any other format decodes `data` itself.
 */
export interface DecodedCall {
  chainId: number
  to: string
  from: string | undefined
  value: bigint
  data: string
  args: readonly unknown[]
  inputs: readonly AbiParameter[]
}

export type DecodedCallFormatter = (
  call: DecodedCall,
  provider?: DataProvider,
) => ClearSignDisplay | undefined

/**
 * EIP-712 formats by encodeType (or bare primary type), then binding: `chainId:address` for deployments, `*` for
 * a binding by domain values only, `?` for unbound interfaces. The long encodeType is hashed once per message.
 */
type TypedFormats = Map<string, Map<string, CompiledFormat[]>>

const noFormats: CompiledFormat[] = []

/** Calldata formats of one selector: bound to deployments (chainId, then address), or to any contract. */
interface SelectorFormats {
  deployed: Map<number, Map<string, CompiledFormat>>
  unbound: CompiledFormat | undefined
}

interface InternalRegistry extends DescriptorRegistry {
  [deployedFormat](selector: string, chainId: number, to: string): CompiledFormat | undefined
  [unboundFormat](selector: string): CompiledFormat | undefined
  [typedFormats](binding: string, type: string): CompiledFormat[]
  [formatDecodedCall]: DecodedCallFormatter
}

/**
 * Compiles descriptors once and indexes their formats for O(1) lookup: calldata by (chainId, address,
 * selector), EIP-712 by (chainId, verifyingContract, encodeType). Earlier descriptors win over later ones
 * on the same key, and a binding to a deployment wins over a `fallback` registry's, which wins over any
 * looser binding (EIP-712 domain values only, then unbound interfaces). Invalid descriptors are skipped
 * and reported in `issues`, never thrown.
 */
export function createDescriptorRegistry(
  descriptors: readonly DescriptorSource[],
  options: DescriptorRegistryOptions & { [viemDecoding]?: boolean } = {},
  loadIssues: readonly DescriptorLoadIssue[] = [],
): DescriptorRegistry {
  const issues: DescriptorLoadIssue[] = [...loadIssues]
  const bySource = new Map<string, unknown>()
  for (const { source, json } of descriptors) bySource.set(normalizeSource(source), json)
  const resolveInclude =
    options.resolveInclude ??
    ((including: string, reference: string) =>
      bySource.get(normalizeSource(joinSource(including, reference))))

  const calldata = new Map<string, SelectorFormats>()
  const typed: TypedFormats = new Map()
  let size = 0
  for (const { source, json } of descriptors) {
    const merged = withIncludes(source, json, resolveInclude, issues)
    if (!merged || !isObject(merged.context)) continue
    const compileIssues: CompileIssue[] = []
    const descriptor = compileDescriptor(source, merged, compileIssues)
    for (const issue of compileIssues) issues.push({ ...issue, context: {}, source })
    if (!descriptor) continue
    size += descriptor.formats.length
    index(descriptor, calldata, typed, options.matchUnbound ?? false)
  }

  const maxDepth = options.maxCalldataDepth ?? DEFAULT_MAX_DEPTH
  const readInPlace = options[viemDecoding] !== true
  const fallback = options.fallback as InternalRegistry | undefined
  const findDeployed = (selector: string, chainId: number, to: string): CompiledFormat | undefined =>
    calldata.get(selector)?.deployed.get(chainId)?.get(to) ??
    fallback?.[deployedFormat]?.(selector, chainId, to)
  const findUnbound = (selector: string): CompiledFormat | undefined =>
    calldata.get(selector)?.unbound ?? fallback?.[unboundFormat]?.(selector)
  const findTyped = (binding: string, type: string): CompiledFormat[] => {
    const own = typed.get(type)?.get(binding) ?? noFormats
    const more = fallback?.[typedFormats]?.(binding, type) ?? noFormats
    return more.length ? [...own, ...more] : own
  }

  const formatCalldataAt = (
    request: CalldataRequest,
    provider: DataProvider | undefined,
    depth: number,
    budget: Budget,
  ): ClearSignDisplay | undefined => {
    const to = lowercaseAddress(request?.to)
    const data = typeof request?.data === 'string' ? request.data : ''
    const chainId = Number(request?.chainId)
    if (!to || !SELECTOR.test(data) || !Number.isSafeInteger(chainId)) return undefined
    const selector = data.slice(0, 10).toLowerCase()
    const format = findDeployed(selector, chainId, to) ?? findUnbound(selector)
    if (!format) return undefined
    const container: Container = {
      from: lowercaseAddress(request.from),
      to,
      value: toBigInt(request.value) ?? undefined,
      chainId,
    }
    if (data.length > MAX_CALLDATA_BYTES * 2 + 2) {
      return failed(format, container, {
        code: 'ERC7730_INVALID_CALLDATA',
        message: `Calldata is larger than ${MAX_CALLDATA_BYTES} bytes`,
        context: { length: data.length },
      })
    }
    const decoded = readInPlace && format.readStatic && readStaticArguments(format.readStatic, data)
    if (decoded) {
      return renderFormat(
        context(format, { param: format.schema, raw: decoded }, container, provider, depth, budget),
      )
    }
    // Buffer decodes hex natively; it stops at the first bad digit, which the length check catches.
    const bytes = Buffer.from(data.slice(10), 'hex')
    if (bytes.length * 2 !== data.length - 10) {
      return failed(format, container, {
        code: 'ERC7730_INVALID_CALLDATA',
        message: 'Calldata is not an even-length hex string',
        context: { length: data.length },
      })
    }
    let args: readonly unknown[]
    try {
      const inputs = format.abi!.inputs
      args = inputs.length === 0 ? [] : decodeAbiParameters(inputs, bytes)
    } catch (error) {
      return failed(format, container, {
        code: 'ERC7730_INVALID_CALLDATA',
        message: `Calldata does not decode as ${format.key}: ${String((error as Error).message).split('\n')[0]}`,
        context: { selector: format.selector },
      })
    }
    return renderFormat(
      context(format, { param: format.schema, raw: args }, container, provider, depth, budget),
    )
  }

  const context = (
    format: CompiledFormat,
    root: RenderContext['root'],
    container: Container,
    provider: DataProvider | undefined,
    depth: number,
    budget: Budget,
  ): RenderContext => ({
    format,
    root,
    container,
    provider,
    depth,
    maxDepth,
    budget,
    nested: (request, nextDepth) => formatCalldataAt(request, provider, nextDepth, budget),
    rendered: new Map(),
    errors: [],
  })

  const formatTypedData = (
    typedData: TypedDataRequest,
    provider?: DataProvider,
  ): ClearSignDisplay | undefined => {
    if (
      !isObject(typedData) ||
      !isObject(typedData.types) ||
      !isObject(typedData.domain) ||
      !isObject(typedData.message)
    )
      return undefined
    const { domain, primaryType } = typedData
    if (typeof primaryType !== 'string') return undefined
    const encodeType = computeEncodeType(primaryType, typedData.types)
    if (!encodeType) return undefined
    const chainId = toBigInt(domain.chainId) ?? saltChainId(domain.salt)
    const verifyingContract = lowercaseAddress(domain.verifyingContract)
    // Computed encodeType is canonical already (descriptor keys were normalized at load).
    const normalized = encodeType
    const deployed =
      chainId !== undefined && verifyingContract ? `${chainId}:${verifyingContract}` : undefined
    // The first candidate that fits, most specific binding first (each key is looked up only if needed).
    const fits = (candidate: CompiledFormat) =>
      domainMatches(candidate.descriptor, domain) &&
      (candidate.encodeType === normalized ||
        candidate.descriptor.schemaEncodeTypes.size === 0 ||
        candidate.descriptor.schemaEncodeTypes.has(normalized))
    const format =
      (deployed
        ? (findTyped(deployed, normalized).find(fits) ?? findTyped(deployed, primaryType).find(fits))
        : undefined) ??
      findTyped('*', normalized).find(fits) ??
      findTyped('*', primaryType).find(fits) ??
      findTyped('?', normalized).find(fits) ??
      findTyped('?', primaryType).find(fits)
    if (!format) return undefined
    const schema = format.schema.components?.length
      ? format.schema
      : structSchema(primaryType, typedData.types, 0)
    const account = (typedData as { account?: unknown }).account
    const container: Container = {
      from: lowercaseAddress(account),
      to: verifyingContract,
      value: undefined,
      chainId:
        chainId !== undefined && chainId <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(chainId) : undefined,
    }
    return renderFormat(
      context(format, { param: schema, raw: typedData.message }, container, provider, 0, newBudget()),
    )
  }

  const registry: InternalRegistry = {
    formatCalldata: (request, provider) => {
      try {
        return formatCalldataAt(request, provider, 0, newBudget())
      } catch {
        return undefined
      }
    },
    formatTypedData: (typedData, provider) => {
      try {
        return formatTypedData(typedData, provider)
      } catch {
        return undefined
      }
    },
    [formatDecodedCall]: (call, provider) => {
      try {
        const selector = call.data.slice(0, 10)
        const format = findDeployed(selector, call.chainId, call.to) ?? findUnbound(selector)
        if (!format) return undefined
        if (
          !readInPlace ||
          !format.readStatic ||
          !sameTypes(format.abi!.inputs, call.inputs) ||
          !Number.isSafeInteger(call.chainId) ||
          call.data.length > MAX_CALLDATA_BYTES * 2 + 2
        ) {
          return formatCalldataAt(call, provider, 0, newBudget())
        }
        const container: Container = {
          from: call.from,
          to: call.to,
          value: call.value,
          chainId: call.chainId,
        }
        return renderFormat(
          context(format, { param: format.schema, raw: call.args }, container, provider, 0, newBudget()),
        )
      } catch {
        return undefined
      }
    },
    [deployedFormat]: findDeployed,
    [unboundFormat]: findUnbound,
    [typedFormats]: findTyped,
    issues,
    size,
  }
  return registry
}

function sameTypes(a: readonly AbiParameter[], b: readonly AbiParameter[]): boolean {
  if (a.length !== b.length) return false
  for (let i = 0; i < a.length; i++) if (a[i]!.type !== b[i]!.type) return false
  return true
}

/**
 * Arguments of an all-static function read in place, when the calldata is lowercase hex (as the decoder's
 * calls are) and every word is clean. Anything else (mixed case, short or dirty words) returns undefined and is
 * decoded by viem, so that its values and errors stay exactly viem's. The values read are viem's, except that
 * addresses come lowercase rather than checksummed: toValue lowercases them either way.
 */
function readStaticArguments(read: ArgumentDecoder, data: string): readonly unknown[] | undefined {
  if (data.length % 2 !== 0 || !LOWERCASE_HEX.test(data)) return undefined
  try {
    return read(data)
  } catch {
    return undefined
  }
}

/**
 * Domains without `chainId` sometimes carry it as `salt` (Polygon's meta-transaction domain:
 * `salt = bytes32(chainId)`); read it only when the salt is clearly a small integer.
 */
function saltChainId(salt: unknown): bigint | undefined {
  if (typeof salt !== 'string' || !/^0x0{48}[0-9a-fA-F]{16}$/.test(salt)) return undefined
  const chainId = BigInt(salt)
  return chainId > 0n ? chainId : undefined
}

function failed(format: CompiledFormat, container: Container, error: ClearSignError): ClearSignDisplay {
  const descriptor = format.descriptor
  return {
    intent: format.intent,
    interpolatedIntent: null,
    interactWith: {
      contractAddress: container.to ?? null,
      contractChainId: container.chainId ?? null,
      contractName: descriptor.contractName ?? null,
      protocolId: descriptor.id ?? null,
      protocolName: descriptor.owner ?? null,
      protocolDescription: null,
      owner: descriptor.owner ?? null,
      info: null,
    },
    fields: [],
    requiredFields: format.requiredFields,
    error,
    descriptor: { source: descriptor.source, kind: descriptor.kind },
  }
}

/**
 * Calldata formats by selector, then deployment (chainId, address) or unbound; EIP-712 formats by encodeType,
 * then binding (see TypedFormats). Unbound interfaces are indexed only when those may match.
 */
function index(
  descriptor: CompiledDescriptor,
  calldata: Map<string, SelectorFormats>,
  typed: TypedFormats,
  matchUnbound: boolean,
): void {
  const unbound = descriptor.deployments.length === 0 && !descriptor.domain && !descriptor.domainSeparator
  if (unbound && !matchUnbound) return
  for (const format of descriptor.formats) {
    if (descriptor.kind === 'calldata') {
      const selector = format.selector!
      let formats = calldata.get(selector)
      if (!formats) {
        formats = { deployed: new Map(), unbound: undefined }
        calldata.set(selector, formats)
      }
      if (unbound) {
        formats.unbound ??= format
        continue
      }
      for (const { chainId, address } of descriptor.deployments) {
        let byAddress = formats.deployed.get(chainId)
        if (!byAddress) {
          byAddress = new Map()
          formats.deployed.set(chainId, byAddress)
        }
        if (!byAddress.has(address)) byAddress.set(address, format)
      }
      continue
    }
    const keys = descriptor.deployments.length
      ? descriptor.deployments.map(({ chainId, address }) => `${chainId}:${address}`)
      : [unbound ? '?' : '*']
    for (const key of keys) {
      let byBinding = typed.get(format.encodeType!)
      if (!byBinding) {
        byBinding = new Map()
        typed.set(format.encodeType!, byBinding)
      }
      const list = byBinding.get(key)
      if (list) list.push(format)
      else byBinding.set(key, [format])
    }
  }
}
