import type { PathStep } from './path'
import { sliceValue, toValue, type Value } from './value'

/** An ABI-like description of a piece of structured data (ABI parameters, or EIP-712 types turned into tuples). */
export interface SchemaParam {
  name?: string
  type: string
  components?: readonly SchemaParam[]
}

export interface DataNode {
  param: SchemaParam
  raw: unknown
}

/** One value a path points to, with the concrete steps that reached it (`[]` replaced by indices). */
export interface DataMatch {
  node: DataNode | undefined
  /** Set when the path ended on a byte slice of a leaf. */
  sliced: Value | undefined
  steps: PathStep[]
  /** The index chosen at each `[]` step, in order. */
  indices: number[]
}

const MAX_MATCHES = 1024
const ARRAY_SUFFIX = /\[(\d*)\]$/

export function isArrayType(type: string): boolean {
  // Most types are not arrays: a last character other than `]` settles it without the pattern.
  return type.charCodeAt(type.length - 1) === 93 && ARRAY_SUFFIX.test(type)
}

/** The indices of a match that crossed no `[]` (never written to: matches are read-only). */
const noIndices = Object.freeze([]) as unknown as number[]

function allDirect(steps: readonly PathStep[]): boolean {
  for (const step of steps) if (!isDirect(step)) return false
  return true
}

function elementParam(param: SchemaParam): SchemaParam {
  return { ...param, type: param.type.replace(ARRAY_SUFFIX, '') }
}

function isDirect(step: PathStep): boolean {
  return step.kind === 'key' || (step.kind === 'index' && step.index >= 0)
}

function element(node: DataNode, index: number): DataNode | undefined {
  if (!isArrayType(node.param.type) || !Array.isArray(node.raw) || index >= node.raw.length) return undefined
  return { param: elementParam(node.param), raw: node.raw[index] }
}

function child(node: DataNode, name: string): DataNode | undefined {
  const { param, raw } = node
  if (param.type !== 'tuple' || !param.components || raw === null || typeof raw !== 'object') return undefined
  const index = param.components.findIndex((component) => component.name === name)
  if (index < 0) return undefined
  const component = param.components[index]!
  const value = Array.isArray(raw) ? raw[index] : (raw as Record<string, unknown>)[name]
  return value === undefined ? undefined : { param: component, raw: value }
}

/**
 * Follows `steps` from `root`. `bound` fixes the index used at each successive `[]` (so a parameter path
 * like `tokens.[]` follows the element being formatted); unbound `[]` steps expand to every element.
 */
export function resolveData(
  root: DataNode,
  steps: readonly PathStep[],
  bound?: readonly number[],
): DataMatch[] {
  if (allDirect(steps)) {
    // Most paths name one value (`params.amount`, `path.[0]`): follow them without building copies.
    let node: DataNode | undefined = root
    for (const step of steps) {
      node = step.kind === 'key' ? child(node, step.name) : element(node, (step as { index: number }).index)
      if (!node) return []
    }
    return [{ node, sliced: undefined, steps: steps as PathStep[], indices: noIndices }]
  }
  const out: DataMatch[] = []
  walk(root, steps, 0, [], [], bound, out)
  return out
}

function walk(
  node: DataNode,
  steps: readonly PathStep[],
  at: number,
  taken: PathStep[],
  indices: number[],
  bound: readonly number[] | undefined,
  out: DataMatch[],
): void {
  if (out.length >= MAX_MATCHES) return
  if (at === steps.length) {
    out.push({ node, sliced: undefined, steps: taken, indices })
    return
  }
  const step = steps[at]!
  const array = isArrayType(node.param.type) && Array.isArray(node.raw) ? (node.raw as unknown[]) : undefined
  switch (step.kind) {
    case 'key': {
      const next = child(node, step.name)
      if (next) walk(next, steps, at + 1, [...taken, step], indices, bound, out)
      return
    }
    case 'index': {
      if (!array) return
      const index = step.index < 0 ? array.length + step.index : step.index
      if (index < 0 || index >= array.length) return
      const next = { param: elementParam(node.param), raw: array[index] }
      walk(next, steps, at + 1, [...taken, { kind: 'index', index }], indices, bound, out)
      return
    }
    case 'all': {
      if (!array) return
      const fixed = bound?.[indices.length]
      const element = elementParam(node.param)
      const range = fixed !== undefined ? [fixed] : array.keys()
      for (const index of range) {
        if (index >= array.length) continue
        const next = { param: element, raw: array[index] }
        walk(next, steps, at + 1, [...taken, { kind: 'index', index }], [...indices, index], bound, out)
      }
      return
    }
    case 'slice': {
      if (array) {
        const length = array.length
        let from = step.start ?? 0
        let to = step.end ?? length
        if (from < 0) from = Math.max(0, length + from)
        if (to < 0) to = Math.max(0, length + to)
        const element = elementParam(node.param)
        for (let index = from; index < Math.min(to, length); index++) {
          const next = { param: element, raw: array[index] }
          walk(next, steps, at + 1, [...taken, { kind: 'index', index }], [...indices, index], bound, out)
        }
        return
      }
      // A slice on a leaf selects bytes; it must be the last step.
      if (at !== steps.length - 1) return
      const leaf = leafValue(node)
      if (leaf)
        out.push({ node: undefined, sliced: sliceValue(leaf, step.start, step.end), steps: taken, indices })
      return
    }
  }
}

/** The leaf value of a node, or `undefined` for tuples, arrays and values that do not fit their type. */
export function leafValue(node: DataNode): Value | undefined {
  if (node.param.type === 'tuple' || isArrayType(node.param.type)) return undefined
  return toValue(node.param.type, node.raw)
}

export function matchValue(match: DataMatch): Value | undefined {
  if (match.sliced) return match.sliced
  return match.node ? leafValue(match.node) : undefined
}
