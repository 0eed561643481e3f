import type { SchemaParam } from './structuredData'

// EIP-712 `encodeType`: `Primary(type name,...)Dep1(...)Dep2(...)`, dependencies sorted by name.

type Types = Record<string, readonly { name: string; type: string }[]>

const MAX_STRUCT_DEPTH = 16
// Type names are usually identifiers, but real-world ones carry `:` (`HyperliquidTransaction:Withdraw`).
const STRUCT = /([^()\s,]+)\(([^()]*)\)/g

/** Removes insignificant whitespace so keys written with `, ` still match the canonical form. */
export function normalizeEncodeType(text: string): string {
  return text
    .replace(/\s*([(),])\s*/g, '$1')
    .replace(/\s+/g, ' ')
    .trim()
}

/** The encodeType of `primaryType` in `types`, or `undefined` when a referenced type is missing. */
export function computeEncodeType(primaryType: string, types: Types): string | undefined {
  if (!Array.isArray(types[primaryType])) return undefined
  const found = new Set<string>()
  collect(primaryType, types, found, 0)
  found.delete(primaryType)
  return [primaryType, ...[...found].sort()]
    .map(
      (name) => `${name}(${(types[name] ?? []).map((member) => `${member.type} ${member.name}`).join(',')})`,
    )
    .join('')
}

function collect(name: string, types: Types, found: Set<string>, depth: number): void {
  if (found.has(name) || depth > MAX_STRUCT_DEPTH) return
  found.add(name)
  const members = types[name]
  if (!Array.isArray(members)) return
  for (const member of members) {
    const base = typeof member?.type === 'string' ? member.type.replace(/(\[\d*\])+$/, '') : ''
    if (Array.isArray(types[base])) collect(base, types, found, depth + 1)
  }
}

/**
 * Parses a display.formats key for EIP-712 into the schema of its primary type (structs become tuples).
 * A key without parentheses is a legacy bare primary type name.
 */
export function parseEncodeType(
  key: string,
): { primaryType: string; schema: SchemaParam; bare: boolean } | undefined {
  const text = normalizeEncodeType(key)
  if (/^[^()\s,]+$/.test(text)) {
    return { primaryType: text, schema: { type: 'tuple', components: [] }, bare: true }
  }
  const types: Record<string, { name: string; type: string }[]> = {}
  let primaryType: string | undefined
  let consumed = 0
  for (const match of text.matchAll(STRUCT)) {
    if (match.index !== consumed) return undefined
    consumed += match[0].length
    const [, name, body] = match
    primaryType ??= name
    const members: { name: string; type: string }[] = []
    for (const member of body ? body.split(',') : []) {
      const [type, memberName, extra] = member.trim().split(' ')
      if (!type || !memberName || extra !== undefined) return undefined
      members.push({ type, name: memberName })
    }
    types[name!] = members
  }
  if (!primaryType || consumed !== text.length) return undefined
  return { primaryType, schema: structSchema(primaryType, types, 0), bare: false }
}

/** EIP-712 struct definitions as a tuple schema, so one path resolver serves calldata and messages. */
export function structSchema(name: string, types: Types, depth: number): SchemaParam {
  const members = types[name] ?? []
  return {
    type: 'tuple',
    components: members.map((member) => memberSchema(member.name, member.type, types, depth)),
  }
}

function memberSchema(name: string, type: string, types: Types, depth: number): SchemaParam {
  const suffix = /((\[\d*\])*)$/.exec(type)?.[1] ?? ''
  const base = type.slice(0, type.length - suffix.length)
  if (Array.isArray(types[base]) && depth < MAX_STRUCT_DEPTH) {
    return { name, type: `tuple${suffix}`, components: structSchema(base, types, depth + 1).components ?? [] }
  }
  return { name, type }
}
