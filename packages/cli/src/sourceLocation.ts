import { type DocumentNode, type ObjectNode, parse, type ValueNode } from '@humanwhocodes/momoa'

/** A 1-based line and column in a text file, as editors and CI annotations show them. */
export interface SourceLocation {
  line: number
  column: number
}

/** Finds where a JSON Pointer points in a JSON text. */
export type SourceLocator = (pointer: string) => SourceLocation

const start: SourceLocation = { line: 1, column: 1 }

/** Splits a JSON Pointer (RFC 6901) into its unescaped reference tokens. */
export function parseJsonPointer(pointer: string): string[] {
  if (pointer === '') return []
  return pointer
    .slice(pointer.startsWith('/') ? 1 : 0)
    .split('/')
    .map((token) => token.replaceAll('~1', '/').replaceAll('~0', '~'))
}

/** Objects with more members than this are looked up through a map, built once, instead of a scan per lookup. */
const SCAN_LIMIT = 16

/** The member values of the wide objects looked up so far, by name; the last of duplicate names wins. */
const membersByName = new WeakMap<ObjectNode, Map<string, ValueNode>>()

const memberName = (member: ObjectNode['members'][number]) =>
  member.name.type === 'String' ? member.name.value : member.name.name

function memberValue(node: ObjectNode, token: string): ValueNode | undefined {
  const { members } = node
  if (members.length > SCAN_LIMIT) {
    // A document can hold an object with a million unknown members, each an issue to locate.
    let byName = membersByName.get(node)
    if (!byName) {
      byName = new Map()
      for (const member of members) byName.set(memberName(member), member.value)
      membersByName.set(node, byName)
    }
    return byName.get(token)
  }
  // JSON.parse keeps the last of duplicate names, so the last one is the value that was validated.
  for (let i = members.length - 1; i >= 0; i--) {
    const member = members[i]!
    if (memberName(member) === token) return member.value
  }
  return undefined
}

/**
 * Returns the location of the value a JSON Pointer names. When the pointer goes past what the document holds
 * (a missing required member, say), the location is that of the deepest value it does reach, which is where the
 * fix belongs.
 */
export function locateJsonPointer(document: DocumentNode, pointer: string): SourceLocation {
  let node: ValueNode = document.body
  for (const token of parseJsonPointer(pointer)) {
    let next: ValueNode | undefined
    if (node.type === 'Object') {
      next = memberValue(node, token)
    } else if (node.type === 'Array' && /^(0|[1-9]\d*)$/.test(token)) {
      next = node.elements[Number(token)]?.value
    }
    if (!next) break
    node = next
  }
  return { line: node.loc.start.line, column: node.loc.start.column }
}

/**
 * Makes a locator for one JSON text. The text is parsed once, on the first lookup, so callers that find nothing
 * wrong never pay for it. Text that does not parse locates everything at 1:1.
 */
export function createSourceLocator(text: string): SourceLocator {
  let document: DocumentNode | null | undefined
  return (pointer) => {
    if (document === undefined) {
      try {
        document = parse(text, { mode: 'json', ranges: false, tokens: false })
      } catch {
        document = null
      }
    }
    return document ? locateJsonPointer(document, pointer) : start
  }
}

/** The line and column of a character offset in a text. */
export function locateOffset(text: string, offset: number): SourceLocation {
  let line = 1
  let lineStart = 0
  const end = Math.min(Math.max(offset, 0), text.length)
  for (let i = text.indexOf('\n'); i !== -1 && i < end; i = text.indexOf('\n', i + 1)) {
    line++
    lineStart = i + 1
  }
  return { line, column: end - lineStart + 1 }
}
