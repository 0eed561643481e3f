import type { CompiledField, CompiledGroup, CompiledNode } from './compileDescriptor'
import { type FieldOutput, fieldOutput, formatField } from './formatField'
import { interpolate } from './interpolate'
import { hasWildcard, type PathStep, pathKey } from './path'
import { MAX_DISPLAY_FIELDS, type RenderContext, resolvePath } from './renderContext'
import { type DataMatch, matchValue } from './structuredData'
import type { ClearSignDisplay, ClearSignField } from './types'
import { checksum, constantToValue, renderRaw, type Value, valueEquals } from './value'

const noSteps: readonly PathStep[] = Object.freeze([])
const noIndices: readonly number[] = Object.freeze([])

/** Runs a compiled format over decoded data and builds the display. */
export function renderFormat(ctx: RenderContext): ClearSignDisplay {
  const { format } = ctx
  const descriptor = format.descriptor
  const fields: ClearSignField[] = []
  renderNodes(ctx, format.fields, noSteps, noIndices, fields)
  let interpolatedIntent: string | null = null
  if (format.interpolatedIntent !== undefined) {
    const result = interpolate(format.interpolatedIntent, ctx.rendered)
    if (result.ok) interpolatedIntent = result.text
    else
      ctx.errors.push({
        code: 'ERC7730_FORMAT_FAILED',
        message: `interpolatedIntent: ${result.message}`,
        context: { template: format.interpolatedIntent },
      })
  }
  return {
    intent: format.intent,
    interpolatedIntent,
    interactWith: {
      contractAddress: ctx.container.to ? checksum(ctx.container.to) : null,
      contractChainId: ctx.container.chainId ?? null,
      contractName: descriptor.contractName ?? null,
      protocolId: descriptor.id ?? null,
      protocolName: descriptor.owner ?? null,
      protocolDescription: null,
      owner: descriptor.owner ?? null,
      info: (descriptor.info as ClearSignDisplay['interactWith']['info']) ?? null,
    },
    fields,
    requiredFields: format.requiredFields,
    error: ctx.errors[0] ?? null,
    descriptor: { source: descriptor.source, kind: descriptor.kind },
  }
}

function renderNodes(
  ctx: RenderContext,
  nodes: readonly CompiledNode[],
  scope: readonly PathStep[],
  bound: readonly number[],
  out: ClearSignField[],
): void {
  for (const node of nodes) {
    if (node.kind === 'group') renderGroup(ctx, node, scope, bound, out)
    else renderField(ctx, node, scope, bound, out)
  }
}

function renderGroup(
  ctx: RenderContext,
  group: CompiledGroup,
  scope: readonly PathStep[],
  bound: readonly number[],
  out: ClearSignField[],
): void {
  if (!group.path) {
    renderChildren(ctx, group, scope, bound, out)
    return
  }
  if (group.path.root !== '#') return
  const base = group.path.relative ? [...scope, ...group.path.steps] : group.path.steps
  if (!hasWildcard(group.path)) {
    renderChildren(ctx, group, base, bound, out)
    return
  }
  // An array group (`details.[]`): every element shows all the group's fields before the next element.
  for (const match of resolvePath(ctx, group.path, scope, bound)) {
    renderChildren(ctx, group, match.steps, withIndices(bound, match.indices), out)
  }
}

function renderChildren(
  ctx: RenderContext,
  group: CompiledGroup,
  scope: readonly PathStep[],
  bound: readonly number[],
  out: ClearSignField[],
): void {
  if (group.iteration !== 'bundled') {
    renderNodes(ctx, group.fields, scope, bound, out)
    return
  }
  // Bundled: element i of every array child, then element i + 1...
  const columns = group.fields.map((node) => {
    const rendered: ClearSignField[] = []
    renderNodes(ctx, [node], scope, bound, rendered)
    return rendered
  })
  const rows = Math.max(0, ...columns.map((column) => column.length))
  for (let row = 0; row < rows; row++) {
    for (const column of columns) {
      const field = column[row]
      if (field) out.push(field)
    }
  }
}

function renderField(
  ctx: RenderContext,
  field: CompiledField,
  scope: readonly PathStep[],
  bound: readonly number[],
  out: ClearSignField[],
): void {
  if (field.visible.kind === 'never') return
  if (!field.path) {
    const value = constantToValue(field.constant)
    if (value) emit(ctx, field, value, scope, bound, field.label, out)
    return
  }
  const matches = resolvePath(ctx, field.path, scope, bound)
  if (matches.length === 0) {
    if (hasWildcard(field.path)) return
    ctx.errors.push({
      code: 'ERC7730_MISSING_VALUE',
      message: `No value at path "${field.path.text}"`,
      context: { label: field.label, path: field.path.text },
    })
    return
  }
  const wildcard = matches.length > 1 || hasWildcard(field.path)
  const parts: string[] = []
  for (const match of matches) {
    const value = matchValue(match)
    if (!value) {
      ctx.errors.push({
        code: 'ERC7730_FORMAT_FAILED',
        message: `Path "${field.path.text}" does not point to a single value`,
        context: { label: field.label, path: field.path.text },
      })
      continue
    }
    const text = emit(ctx, field, value, scope, withIndices(bound, match.indices), field.label, out, match)
    if (text !== undefined) parts.push(text)
  }
  if (wildcard && parts.length > 0) {
    const key = keyOf(field, scope)
    ctx.rendered.set(key, parts.join(' and '))
    if (key.endsWith('.[]')) ctx.rendered.set(key.slice(0, -3), parts.join(' and '))
  }
}

/** Formats and appends one field; returns the rendered text (for interpolation), or `undefined` if hidden. */
function emit(
  ctx: RenderContext,
  field: CompiledField,
  value: Value,
  scope: readonly PathStep[],
  bound: readonly number[],
  label: string,
  out: ClearSignField[],
  match?: DataMatch,
): string | undefined {
  if (!isVisible(ctx, field, value)) return undefined
  if (--ctx.budget.fields < 0) {
    if (ctx.budget.fields === -1) {
      ctx.errors.push({
        code: 'ERC7730_SIZE_LIMIT',
        message: `The display has more than ${MAX_DISPLAY_FIELDS} fields; the rest are not shown`,
        context: { label: field.label },
      })
    }
    return undefined
  }
  const formatted = field.encryption ? encrypted(field, value) : formatField(ctx, field, value, scope, bound)
  const text = typeof formatted.value === 'string' ? formatted.value : formatted.value.intent
  let path: string
  if (match && field.path?.root === '#' && match.steps === field.path.steps) {
    // The path named the value directly (no group scope, no `[]`): its text is the same on every call.
    const known = directPath(field.path.steps)
    path = known.path
    ctx.rendered.set(known.key, text)
  } else {
    path = match ? concretePath(field, match) : (field.path?.text ?? '')
    if (field.path) ctx.rendered.set(path.replace(/^#\./, ''), text)
  }
  if (formatted.error) ctx.errors.push(formatted.error)
  const entry: ClearSignField = {
    label,
    format: field.format,
    value: formatted.value,
    address: formatted.address,
    amount: formatted.amount,
    contract: formatted.contract,
    token: formatted.token,
    path,
  }
  if (formatted.error) entry.error = formatted.error
  if (formatted.warning) entry.warning = formatted.warning
  if (field.separator && match) entry.separator = separatorText(field.separator, match)
  out.push(entry)
  return text
}

/** Without a decryption key the plaintext is unknown: show the placeholder, keep the ciphertext for audit. */
function encrypted(field: CompiledField, value: Value): FieldOutput {
  return fieldOutput(
    field.encryption?.fallbackLabel ?? '[Encrypted]',
    null,
    null,
    null,
    null,
    {
      code: 'ERC7730_FORMAT_FAILED',
      message: `Field "${field.label}" is encrypted (${field.encryption?.scheme || 'unknown scheme'}) and cannot be shown`,
      context: { label: field.label, ciphertext: renderRaw(value) },
    },
    undefined,
  )
}

function isVisible(ctx: RenderContext, field: CompiledField, value: Value): boolean {
  const rule = field.visible
  if (rule.kind === 'ifNotIn') return !rule.values.some((candidate) => valueEquals(value, candidate))
  if (rule.kind === 'mustMatch') {
    if (rule.values.some((candidate) => valueEquals(value, candidate))) return false
    ctx.errors.push({
      code: 'ERC7730_FORMAT_FAILED',
      message: `Field "${field.label}" must match one of the descriptor's values`,
      context: { label: field.label, path: field.path?.text ?? null },
    })
    return true
  }
  return true
}

/** Bound indices plus those a match chose, without copying when the match chose none. */
function withIndices(bound: readonly number[], indices: readonly number[]): readonly number[] {
  return indices.length === 0 ? bound : [...bound, ...indices]
}

const directPaths = new WeakMap<readonly PathStep[], { path: string; key: string }>()

/** `#.`-rooted text of a compiled path's own steps, and its interpolation key, built once per path. */
function directPath(steps: readonly PathStep[]): { path: string; key: string } {
  let known = directPaths.get(steps)
  if (known === undefined) {
    const key = pathKey('#', steps)
    known = { path: `#.${key}`, key }
    directPaths.set(steps, known)
  }
  return known
}

function concretePath(field: CompiledField, match: DataMatch): string {
  if (field.path?.root !== '#') return field.path?.text ?? ''
  const slice = field.path.steps.at(-1)
  const steps = slice?.kind === 'slice' && match.sliced ? [...match.steps, slice] : match.steps
  return `#.${pathKey('#', steps)}`
}

function keyOf(field: CompiledField, scope: readonly PathStep[]): string {
  const path = field.path!
  if (path.root !== '#') return path.text
  return pathKey('#', path.relative ? [...scope, ...path.steps] : path.steps)
}

function separatorText(separator: string, match: DataMatch): string {
  return separator.replace('{index}', String(match.indices.at(-1) ?? 0))
}
