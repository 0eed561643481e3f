import type { CompiledFormat, ParamSpec } from './compileDescriptor'
import { resolveConstant } from './compileDescriptor'
import type { DataPath, PathStep } from './path'
import { type DataMatch, type DataNode, leafValue, resolveData } from './structuredData'
import type { CalldataRequest, ClearSignDisplay, ClearSignError, DataProvider } from './types'
import { constantToValue, renderRaw, type Value } from './value'

/** Values of the container (`@.` paths): the transaction, or the EIP-712 domain and signer. */
export interface Container {
  from: string | undefined
  to: string | undefined
  value: bigint | undefined
  chainId: number | undefined
}

/** What one top-level request may produce, across all its embedded calls: bounds output and work. */
export interface Budget {
  fields: number
}

/** At most this many fields per request, nested displays included. */
export const MAX_DISPLAY_FIELDS = 2048

export function newBudget(): Budget {
  return { fields: MAX_DISPLAY_FIELDS }
}

/** Everything one formatting pass needs; built per call, discarded after. */
export interface RenderContext {
  format: CompiledFormat
  root: DataNode
  container: Container
  provider: DataProvider | undefined
  depth: number
  /** Formats embedded calldata one level deeper (`undefined` result: no descriptor for it). */
  nested: (request: CalldataRequest, depth: number) => ClearSignDisplay | undefined
  maxDepth: number
  budget: Budget
  /** Rendered values by path key, for `interpolatedIntent`. */
  rendered: Map<string, string>
  errors: ClearSignError[]
}

/** Resolves a field or parameter path. Relative paths are taken from `scope` (the enclosing group). */
export function resolvePath(
  ctx: RenderContext,
  path: DataPath,
  scope: readonly PathStep[],
  bound?: readonly number[],
): DataMatch[] {
  if (path.root === '@') {
    const value = containerValue(ctx.container, path)
    return value ? [{ node: undefined, sliced: value, steps: path.steps, indices: [] }] : []
  }
  if (path.root === '$') {
    const value = constantToValue(resolveConstant(path.text, ctx.format.descriptor.json))
    return value ? [{ node: undefined, sliced: value, steps: path.steps, indices: [] }] : []
  }
  const steps = path.relative && scope.length > 0 ? [...scope, ...path.steps] : path.steps
  return resolveData(ctx.root, steps, bound)
}

function containerValue(container: Container, path: DataPath): Value | undefined {
  const [step, extra] = path.steps
  if (step?.kind !== 'key' || extra) return undefined
  switch (step.name) {
    case 'from':
      return container.from ? { type: 'address', value: container.from } : undefined
    case 'to':
      return container.to ? { type: 'address', value: container.to } : undefined
    case 'value':
      return container.value !== undefined ? { type: 'int', value: container.value } : undefined
    case 'chainId':
      return container.chainId !== undefined ? { type: 'int', value: BigInt(container.chainId) } : undefined
    default:
      return undefined
  }
}

/** A parameter as a Value: literals are typed by their look, paths and map references are resolved. */
export function paramValue(
  ctx: RenderContext,
  spec: ParamSpec | ParamSpec[] | undefined,
  scope: readonly PathStep[],
  bound: readonly number[],
): Value | undefined {
  if (!spec || Array.isArray(spec)) return undefined
  switch (spec.kind) {
    case 'literal':
      return constantToValue(spec.value)
    case 'path': {
      const [match] = resolvePath(ctx, spec.path, scope, bound)
      return match ? (match.sliced ?? (match.node ? leafOf(match) : undefined)) : undefined
    }
    case 'map': {
      const [match] = resolvePath(ctx, spec.keyPath, scope, bound)
      const key = match ? (match.sliced ?? leafOf(match)) : undefined
      if (!key) return undefined
      const text = renderRaw(key)
      // The key is request data: only the map's own keys may match (not `constructor` or `toString`).
      const { values } = spec
      const lower = text.toLowerCase()
      const hit = Object.hasOwn(values, text)
        ? values[text]
        : Object.hasOwn(values, lower)
          ? values[lower]
          : Object.entries(values).find(([k]) => k.toLowerCase() === lower)?.[1]
      return constantToValue(resolveConstant(hit, ctx.format.descriptor.json))
    }
  }
}

/** The raw literal of a parameter (objects such as enums or `$.metadata.token` stay objects). */
export function paramLiteral(spec: ParamSpec | ParamSpec[] | undefined): unknown {
  return spec && !Array.isArray(spec) && spec.kind === 'literal' ? spec.value : undefined
}

/** Every value of a list parameter (`nativeCurrencyAddress`, `senderAddress`), resolved. */
export function paramValues(
  ctx: RenderContext,
  spec: ParamSpec | ParamSpec[] | undefined,
  scope: readonly PathStep[],
  bound: readonly number[],
): Value[] {
  if (!spec) return []
  const specs = Array.isArray(spec) ? spec : [spec]
  const out: Value[] = []
  for (const item of specs) {
    const value = paramValue(ctx, item, scope, bound)
    if (value) out.push(value)
  }
  return out
}

function leafOf(match: DataMatch): Value | undefined {
  return match.node ? leafValue(match.node) : undefined
}
