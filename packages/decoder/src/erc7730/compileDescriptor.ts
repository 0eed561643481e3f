import { escapePointerToken } from '@rampart/entities'
import { type AbiFunction, parseAbiItem, toFunctionSelector } from 'viem'
import { type ArgumentDecoder, compileStaticDecoder } from '../abi/compileStaticDecoder'
import { computeEncodeType, normalizeEncodeType, parseEncodeType } from './encodeType'
import { isFieldFormat } from './fieldFormats'
import { isObject } from './mergeIncludes'
import { type DataPath, parsePath } from './path'
import type { SchemaParam } from './structuredData'
import type { ClearSignErrorCode, FieldFormat } from './types'

export type ParamSpec =
  | { kind: 'literal'; value: unknown }
  | { kind: 'path'; path: DataPath }
  | { kind: 'map'; values: Record<string, unknown>; keyPath: DataPath }

export type Visibility =
  | { kind: 'always' | 'never' | 'optional' }
  | { kind: 'ifNotIn' | 'mustMatch'; values: unknown[] }

export interface CompiledField {
  kind: 'field'
  /** Where the value comes from; `undefined` when the field shows a literal `value`. */
  path: DataPath | undefined
  constant: unknown
  label: string
  format: FieldFormat
  params: Record<string, ParamSpec | ParamSpec[]>
  visible: Visibility
  separator: string | undefined
  /** Set when the on-chain value is encrypted: it is never formatted as if it were the plaintext. */
  encryption: { scheme: string; fallbackLabel: string | undefined } | undefined
}

export interface CompiledGroup {
  kind: 'group'
  path: DataPath | undefined
  label: string | undefined
  iteration: 'sequential' | 'bundled'
  fields: CompiledNode[]
}

export type CompiledNode = CompiledField | CompiledGroup

export interface CompiledFormat {
  descriptor: CompiledDescriptor
  key: string
  intent: string
  interpolatedIntent: string | undefined
  fields: CompiledNode[]
  requiredFields: string[]
  /** Root of the structured data: the function inputs, or the EIP-712 primary type, as a tuple. */
  schema: SchemaParam
  /** Calldata formats only. */
  abi: AbiFunction | undefined
  /**
   * Calldata formats whose inputs are all one-word static types: reads lowercase calldata in place, throwing
   * on anything Solidity's decoder would refuse (the registry then falls back to viem's decoder).
   */
  readStatic: ArgumentDecoder | undefined
  selector: string | undefined
  /** EIP-712 formats only: normalized encodeType (or the bare primary type name for legacy keys). */
  encodeType: string | undefined
}

export interface Deployment {
  chainId: number
  address: string
}

export interface CompiledDescriptor {
  source: string
  kind: 'calldata' | 'eip712'
  json: Record<string, unknown>
  id: string | undefined
  owner: string | undefined
  contractName: string | undefined
  info: Record<string, unknown> | undefined
  token: { ticker?: string; name?: string; decimals?: number } | undefined
  deployments: Deployment[]
  /** EIP-712 domain constraints (key → value to match). */
  domain: Record<string, unknown> | undefined
  domainSeparator: string | undefined
  /** Legacy (v1) `context.contract.abi`, when inline: names the parameters of selector-keyed formats. */
  abi: AbiFunction[]
  /** Legacy (v1) `context.eip712.schemas`: encodeTypes a message must have to use a bare-keyed format. */
  schemaEncodeTypes: Set<string>
  formats: CompiledFormat[]
}

export interface CompileIssue {
  code: ClearSignErrorCode
  message: string
  path: string
}

const MAX_GROUP_DEPTH = 8
const MAX_FIELDS = 512

/** Compiles a merged descriptor (includes already applied): parses every key, path and parameter once. */
export function compileDescriptor(
  source: string,
  json: Record<string, unknown>,
  issues: CompileIssue[],
): CompiledDescriptor | undefined {
  const context = isObject(json.context) ? json.context : undefined
  const metadata = isObject(json.metadata) ? json.metadata : {}
  const display = isObject(json.display) ? json.display : undefined
  if (!context || !display || !isObject(display.formats)) {
    issues.push({
      code: 'ERC7730_INVALID_DESCRIPTOR',
      message: 'Missing context or display.formats',
      path: '',
    })
    return undefined
  }
  const contract = isObject(context.contract) ? context.contract : undefined
  const eip712 = isObject(context.eip712) ? context.eip712 : undefined
  if (!contract && !eip712) {
    issues.push({
      code: 'ERC7730_INVALID_DESCRIPTOR',
      message: 'Context binds neither a contract nor EIP-712',
      path: '/context',
    })
    return undefined
  }
  const binding = (contract ?? eip712)!
  const descriptor: CompiledDescriptor = {
    source,
    kind: contract ? 'calldata' : 'eip712',
    json,
    id: typeof context.$id === 'string' ? context.$id : undefined,
    owner: typeof metadata.owner === 'string' ? metadata.owner : undefined,
    contractName: typeof metadata.contractName === 'string' ? metadata.contractName : undefined,
    info: isObject(metadata.info) ? metadata.info : undefined,
    token: isObject(metadata.token) ? (metadata.token as CompiledDescriptor['token']) : undefined,
    deployments: compileDeployments(binding.deployments),
    domain: eip712 && isObject(eip712.domain) ? eip712.domain : undefined,
    domainSeparator:
      eip712 && typeof eip712.domainSeparator === 'string' ? eip712.domainSeparator : undefined,
    abi: Array.isArray(binding.abi) ? binding.abi.filter(isFunction) : [],
    schemaEncodeTypes: schemaEncodeTypes(eip712?.schemas),
    formats: [],
  }
  const definitions = isObject(display.definitions) ? display.definitions : {}
  const seen = new Map<string, string>()
  for (const [key, spec] of Object.entries(display.formats)) {
    const pointer = `/display/formats/${escapePointerToken(key)}`
    if (!isObject(spec)) {
      issues.push({
        code: 'ERC7730_INVALID_DESCRIPTOR',
        message: `Format "${key}" is not an object`,
        path: pointer,
      })
      continue
    }
    const format = compileFormat(descriptor, key, spec, definitions, pointer, issues)
    if (!format) continue
    const identity = format.selector ?? format.encodeType ?? key
    const previous = seen.get(identity)
    if (previous !== undefined) {
      issues.push({
        code: 'ERC7730_INVALID_DESCRIPTOR',
        message: `Formats "${previous}" and "${key}" share the same signature; keeping the first`,
        path: pointer,
      })
      continue
    }
    seen.set(identity, key)
    descriptor.formats.push(format)
  }
  return descriptor
}

function isFunction(item: unknown): item is AbiFunction {
  return (
    isObject(item) && item.type === 'function' && typeof item.name === 'string' && Array.isArray(item.inputs)
  )
}

function schemaEncodeTypes(raw: unknown): Set<string> {
  const out = new Set<string>()
  if (!Array.isArray(raw)) return out
  for (const schema of raw) {
    if (!isObject(schema) || typeof schema.primaryType !== 'string' || !isObject(schema.types)) continue
    const encodeType = computeEncodeType(schema.primaryType, schema.types as never)
    if (encodeType) out.add(encodeType)
  }
  return out
}

/**
 * The ABI function a calldata format key describes: a full signature with parameter names (v2), or, for
 * legacy v1 files, a selector or a signature without names, resolved through the inline ABI.
 */
function functionOf(key: string, abi: readonly AbiFunction[]): AbiFunction | string {
  if (/^0x[0-9a-fA-F]{8}$/.test(key)) {
    const match = abi.find((item) => safeSelector(item) === key.toLowerCase())
    return match ?? 'selector not found in the descriptor ABI'
  }
  let item: AbiFunction
  try {
    item = parseAbiItem(`function ${key}`) as AbiFunction
  } catch (error) {
    return firstLine(error)
  }
  if (item.type !== 'function') return 'not a function'
  if (item.inputs.every((input) => input.name)) return item
  const selector = toFunctionSelector(item)
  return abi.find((candidate) => safeSelector(candidate) === selector) ?? item
}

function safeSelector(item: AbiFunction): string | undefined {
  try {
    return toFunctionSelector(item)
  } catch {
    return undefined
  }
}

function compileDeployments(raw: unknown): Deployment[] {
  if (!Array.isArray(raw)) return []
  const out: Deployment[] = []
  for (const entry of raw) {
    if (!isObject(entry)) continue
    const chainId = Number(entry.chainId)
    if (
      Number.isSafeInteger(chainId) &&
      typeof entry.address === 'string' &&
      /^0x[0-9a-fA-F]{40}$/.test(entry.address)
    ) {
      out.push({ chainId, address: entry.address.toLowerCase() })
    }
  }
  return out
}

function compileFormat(
  descriptor: CompiledDescriptor,
  key: string,
  spec: Record<string, unknown>,
  definitions: Record<string, unknown>,
  pointer: string,
  issues: CompileIssue[],
): CompiledFormat | undefined {
  let schema: SchemaParam
  let abi: AbiFunction | undefined
  let readStatic: ArgumentDecoder | undefined
  let selector: string | undefined
  let encodeType: string | undefined
  if (descriptor.kind === 'calldata') {
    const item = functionOf(key, descriptor.abi)
    if (typeof item === 'string') {
      issues.push({
        code: 'ERC7730_INVALID_DESCRIPTOR',
        message: `Format key "${key}" is not a function signature: ${item}`,
        path: pointer,
      })
      return undefined
    }
    abi = item
    readStatic = item.inputs.length > 0 ? compileStaticDecoder(item.inputs) : undefined
    selector = toFunctionSelector(item)
    schema = { type: 'tuple', components: item.inputs as readonly SchemaParam[] }
  } else {
    const parsed = parseEncodeType(key)
    if (!parsed) {
      issues.push({
        code: 'ERC7730_INVALID_DESCRIPTOR',
        message: `Format key "${key}" is not an EIP-712 type`,
        path: pointer,
      })
      return undefined
    }
    schema = parsed.schema
    encodeType = parsed.bare ? parsed.primaryType : normalizeEncodeType(key)
  }
  const intent =
    typeof spec.intent === 'string' ? spec.intent : isObject(spec.intent) ? intentText(spec.intent) : ''
  const ctx: FieldContext = { descriptor, definitions, issues, pointer, count: 0 }
  const excluded = new Set(stringList(spec.excluded))
  const fields = compileFields(spec.fields, ctx, `${pointer}/fields`, 0, excluded)
  const requiredFields = [...stringList(spec.required)]
  collectRequired(fields, requiredFields)
  return {
    descriptor,
    key,
    intent,
    interpolatedIntent: typeof spec.interpolatedIntent === 'string' ? spec.interpolatedIntent : undefined,
    fields,
    requiredFields: [...new Set(requiredFields)],
    schema,
    abi,
    readStatic,
    selector,
    encodeType,
  }
}

/** A structured intent (`{"Native Staking": "Withdraw"}`) shown as `label: value` pairs. */
function intentText(intent: Record<string, unknown>): string {
  return Object.entries(intent)
    .map(([label, value]) => `${label}: ${String(value)}`)
    .join(', ')
}

function collectRequired(nodes: CompiledNode[], out: string[]): void {
  for (const node of nodes) {
    if (node.kind === 'group') collectRequired(node.fields, out)
    else if (node.visible.kind === 'always' && node.path) out.push(node.path.text)
  }
}

interface FieldContext {
  descriptor: CompiledDescriptor
  definitions: Record<string, unknown>
  issues: CompileIssue[]
  pointer: string
  count: number
}

function compileFields(
  raw: unknown,
  ctx: FieldContext,
  pointer: string,
  depth: number,
  excluded: Set<string>,
): CompiledNode[] {
  if (!Array.isArray(raw)) return []
  if (depth > MAX_GROUP_DEPTH) {
    ctx.issues.push({
      code: 'ERC7730_INVALID_DESCRIPTOR',
      message: 'Field groups nest too deeply',
      path: pointer,
    })
    return []
  }
  const out: CompiledNode[] = []
  raw.forEach((entry, index) => {
    if (++ctx.count > MAX_FIELDS || !isObject(entry)) return
    const at = `${pointer}/${index}`
    const node = compileNode(entry, ctx, at, depth, excluded)
    if (node) out.push(node)
  })
  return out
}

function compileNode(
  entry: Record<string, unknown>,
  ctx: FieldContext,
  pointer: string,
  depth: number,
  excluded: Set<string>,
): CompiledNode | undefined {
  let spec = entry
  if (typeof entry.$ref === 'string') {
    const definition = resolveDefinition(entry.$ref, ctx)
    if (!definition) {
      ctx.issues.push({
        code: 'ERC7730_INVALID_DESCRIPTOR',
        message: `Unknown definition "${entry.$ref}"`,
        path: `${pointer}/$ref`,
      })
      return undefined
    }
    const params = {
      ...(isObject(definition.params) ? definition.params : {}),
      ...(isObject(entry.params) ? entry.params : {}),
    }
    spec = { ...definition, ...entry, params }
  }
  const path = typeof spec.path === 'string' ? parsePath(spec.path) : undefined
  if (typeof spec.path === 'string' && !path) {
    ctx.issues.push({
      code: 'ERC7730_INVALID_PATH',
      message: `Invalid path "${spec.path}"`,
      path: `${pointer}/path`,
    })
    return undefined
  }
  if (Array.isArray(spec.fields)) {
    return {
      kind: 'group',
      path,
      label: typeof spec.label === 'string' ? spec.label : undefined,
      iteration: spec.iteration === 'bundled' ? 'bundled' : 'sequential',
      fields: compileFields(spec.fields, ctx, `${pointer}/fields`, depth + 1, excluded),
    }
  }
  if (!path && spec.value === undefined) {
    ctx.issues.push({
      code: 'ERC7730_INVALID_DESCRIPTOR',
      message: 'Field has neither path nor value',
      path: pointer,
    })
    return undefined
  }
  const format = typeof spec.format === 'string' ? spec.format : 'raw'
  const known = isFieldFormat(format)
  if (!known) {
    ctx.issues.push({
      code: 'ERC7730_INVALID_DESCRIPTOR',
      message: `Unknown format "${format}"`,
      path: `${pointer}/format`,
    })
  }
  let visible = compileVisibility(spec.visible)
  if (path && excluded.has(path.text)) visible = { kind: 'never' }
  const constant = spec.value !== undefined ? resolveConstant(spec.value, ctx.descriptor.json) : undefined
  return {
    kind: 'field',
    path,
    constant,
    label: typeof spec.label === 'string' ? spec.label : '',
    format: known ? format : 'raw',
    params: compileParams(isObject(spec.params) ? spec.params : {}, ctx.descriptor.json),
    visible,
    separator: typeof spec.separator === 'string' ? spec.separator : undefined,
    encryption: isObject(spec.encryption)
      ? {
          scheme: String(spec.encryption.scheme ?? ''),
          fallbackLabel:
            typeof spec.encryption.fallbackLabel === 'string' ? spec.encryption.fallbackLabel : undefined,
        }
      : undefined,
  }
}

function resolveDefinition(ref: string, ctx: FieldContext): Record<string, unknown> | undefined {
  const prefix = '$.display.definitions.'
  if (ref.startsWith(prefix)) {
    const definition = ctx.definitions[ref.slice(prefix.length)]
    return isObject(definition) ? definition : undefined
  }
  const resolved = resolveConstant(ref, ctx.descriptor.json)
  return isObject(resolved) ? resolved : undefined
}

function compileVisibility(raw: unknown): Visibility {
  if (raw === 'never' || raw === 'optional' || raw === 'always') return { kind: raw }
  if (isObject(raw)) {
    if (Array.isArray(raw.mustMatch)) return { kind: 'mustMatch', values: raw.mustMatch }
    if (Array.isArray(raw.ifNotIn)) return { kind: 'ifNotIn', values: raw.ifNotIn }
  }
  return { kind: 'always' }
}

/** Parameters whose string values are data paths even without a root (`tokenPath: "asset"`). */
const PATH_PARAMS = /Path$/

function compileParams(
  params: Record<string, unknown>,
  json: Record<string, unknown>,
): CompiledField['params'] {
  const out: CompiledField['params'] = {}
  for (const [name, raw] of Object.entries(params)) {
    if (name === '$ref') {
      out[name] = { kind: 'literal', value: resolveConstant(raw, json) }
      continue
    }
    const isPath = PATH_PARAMS.test(name)
    out[name] = Array.isArray(raw)
      ? raw.map((item) => compileParam(item, isPath, json))
      : compileParam(raw, isPath, json)
  }
  return out
}

function compileParam(raw: unknown, isPath: boolean, json: Record<string, unknown>): ParamSpec {
  if (isObject(raw) && typeof raw.map === 'string' && typeof raw.keyPath === 'string') {
    const map = resolveConstant(raw.map, json)
    const keyPath = parsePath(raw.keyPath)
    if (isObject(map) && isObject(map.values) && keyPath) return { kind: 'map', values: map.values, keyPath }
    return { kind: 'literal', value: undefined }
  }
  if (typeof raw !== 'string') return { kind: 'literal', value: raw }
  if (raw.startsWith('$.')) {
    const value = resolveConstant(raw, json)
    return { kind: 'literal', value: value === undefined && raw === '$.metadata.token' ? undefined : value }
  }
  if (raw.startsWith('#.') || raw.startsWith('@.') || (isPath && !/^0x[0-9a-fA-F]*$/.test(raw))) {
    const path = parsePath(raw)
    if (path) return { kind: 'path', path }
  }
  return { kind: 'literal', value: raw }
}

/** Resolves `$.`-rooted references against the merged descriptor; any other value is returned as is. */
export function resolveConstant(raw: unknown, json: Record<string, unknown>): unknown {
  if (typeof raw !== 'string' || !raw.startsWith('$.')) return raw
  const path = parsePath(raw)
  if (!path) return undefined
  let current: unknown = json
  for (const step of path.steps) {
    if (step.kind === 'key' && isObject(current)) current = current[step.name]
    else if (step.kind === 'index' && Array.isArray(current)) current = current.at(step.index)
    else return undefined
  }
  return current
}

function stringList(raw: unknown): string[] {
  return Array.isArray(raw) ? raw.filter((item): item is string => typeof item === 'string') : []
}

function firstLine(error: unknown): string {
  return String((error as Error)?.message ?? error).split('\n')[0] ?? ''
}
