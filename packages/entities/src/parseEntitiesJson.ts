import { parse as parseWithLocations } from '@humanwhocodes/momoa'
import { decodeUtf8 } from './decodeUtf8'
import { EntitiesJsonError } from './entitiesJsonError'
import { findDuplicateKey } from './findDuplicateKey'
import { escapePointerToken } from './issue'
import { scanJsonText } from './scanJsonText'

export interface ParseEntitiesJsonOptions {
  /** Largest accepted text, in UTF-8 bytes. Default 256 MiB. */
  maxBytes?: number
  /** Deepest accepted nesting of arrays and objects. Default 64; an Entities document needs 5 at most. */
  maxDepth?: number
}

export const DEFAULT_MAX_BYTES = 256 * 1024 * 1024
export const DEFAULT_MAX_DEPTH = 64

/**
 * Member names that reach Object.prototype when a consumer copies a parsed object with assignment or a spread.
 * JSON.parse itself stores them as plain own members, so the danger is downstream, and rejecting them here keeps
 * every consumer safe.
 */
const FORBIDDEN_KEYS = ['__proto__', 'constructor', 'prototype']

/**
 * Parses untrusted text, or the bytes of a file or a request body, into a JSON value for validateEntities. Input
 * that is too large, bytes that are not UTF-8, text that is not JSON, nested too deeply, that uses a forbidden
 * member name or names a member twice in one object raises an EntitiesJsonError with a stable code, never a crash.
 * Bytes may start with a byte-order mark, which is dropped (RFC 8259 §8.1 lets a reader ignore it); text may not.
 */
export function parseEntitiesJson(
  input: string | Uint8Array,
  options: ParseEntitiesJsonOptions = {},
): unknown {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES
  const maxDepth = options.maxDepth ?? DEFAULT_MAX_DEPTH
  const tooLarge = () =>
    new EntitiesJsonError('json.too-large', `document is larger than ${maxBytes} bytes`, { limit: maxBytes })
  let text: string
  if (typeof input === 'string') {
    text = input
    // UTF-8 never takes fewer bytes than UTF-16 code units, so most texts are judged without counting bytes.
    if (text.length > maxBytes || (text.length * 3 > maxBytes && Buffer.byteLength(text) > maxBytes)) {
      throw tooLarge()
    }
  } else {
    // Bounded before decoding, so that an oversized input costs no text.
    if (input.length > maxBytes) throw tooLarge()
    text = decodeUtf8(input)
    if (text.charCodeAt(0) === 0xfeff) text = text.slice(1)
  }
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (error) {
    throw syntaxError(text, error)
  }
  // The exact checks run only when the scan finds something, and then find it again, with its path.
  if (scanJsonText(text, maxDepth)) return value
  inspect(value, maxDepth)
  const duplicate = findDuplicateKey(text)
  if (duplicate !== undefined) {
    const name = parseJsonPointerLast(duplicate)
    throw new EntitiesJsonError(
      'json.duplicate-key',
      `member name ${JSON.stringify(name)} appears twice in one object`,
      {
        path: duplicate,
      },
    )
  }
  return value
}

/** The last reference token of a JSON Pointer, unescaped. */
function parseJsonPointerLast(pointer: string): string {
  return pointer
    .slice(pointer.lastIndexOf('/') + 1)
    .replaceAll('~1', '/')
    .replaceAll('~0', '~')
}

/**
 * momoa's syntax tree takes about thirty times the text in memory (a 250 MB text ran out of heap); past this many
 * characters, a syntax error is located from V8's message alone.
 */
const LOCATED_PARSE_MAX_CHARS = 8 * 1024 * 1024

function syntaxError(text: string, error: unknown): EntitiesJsonError {
  // V8's messages differ across Node versions and quote the text; momoa gives a stable message and location.
  try {
    if (text.length <= LOCATED_PARSE_MAX_CHARS)
      parseWithLocations(text, { mode: 'json', ranges: false, tokens: false })
  } catch (located) {
    if (located instanceof Error && 'line' in located && 'column' in located) {
      const message = located.message.replace(/ \(\d+:\d+\)$/, '')
      // momoa places an early end at 1:1 after an opening bracket or a colon; it is where the text stops.
      const where = message.startsWith('Unexpected end of input')
        ? lineAndColumn(text, text.trimEnd().length)
        : { line: Number(located.line), column: Number(located.column) }
      return new EntitiesJsonError('json.syntax', `invalid JSON: ${message}`, where)
    }
  }
  // momoa lets a raw control character through inside a string, and overflows its stack on deep nesting; V8
  // names the offset, or says the text ended.
  const message = error instanceof Error ? error.message : String(error)
  const position = / (?:in|after) JSON at position (\d+)/.exec(message)
  if (position) {
    return new EntitiesJsonError(
      'json.syntax',
      `invalid JSON: ${message.slice(0, position.index)}`,
      lineAndColumn(text, Number(position[1])),
    )
  }
  const ended = message.startsWith('Unexpected end of JSON input')
  return new EntitiesJsonError(
    'json.syntax',
    `invalid JSON: ${message}`,
    ended ? lineAndColumn(text, text.trimEnd().length) : {},
  )
}

/** The 1-based line and column of an offset, with CR LF, LF and CR each ending a line, as momoa counts them. */
function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1
  let lineStart = 0
  for (let i = 0; i < offset; i++) {
    const code = text.charCodeAt(i)
    if (code === 0x0a || (code === 0x0d && text.charCodeAt(i + 1) !== 0x0a)) {
      line++
      lineStart = i + 1
    }
  }
  return { line, column: offset - lineStart + 1 }
}

/**
 * Walks the parsed value without recursion (so no nesting can overflow the stack), bounding the depth and
 * looking for forbidden member names.
 */
function inspect(root: unknown, maxDepth: number): void {
  const stack: unknown[] = [root]
  const depths: number[] = [0]
  while (stack.length > 0) {
    const value = stack.pop()
    const depth = depths.pop()!
    if (typeof value !== 'object' || value === null) continue
    if (depth >= maxDepth) {
      throw new EntitiesJsonError(
        'json.too-deep',
        `document nests arrays and objects deeper than ${maxDepth}`,
        {
          path: pathTo(root, (_, d) => d >= maxDepth, maxDepth),
          limit: maxDepth,
        },
      )
    }
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) {
        const item = value[i]
        if (typeof item === 'object' && item !== null) {
          stack.push(item)
          depths.push(depth + 1)
        }
      }
      continue
    }
    for (const key of FORBIDDEN_KEYS) {
      if (Object.hasOwn(value, key)) {
        const path = pathTo(root, (node) => node === value, maxDepth)
        throw new EntitiesJsonError('json.forbidden-key', `member name "${key}" is not allowed`, {
          path: `${path}/${escapePointerToken(key)}`,
        })
      }
    }
    for (const key in value) {
      const member = (value as Record<string, unknown>)[key]
      if (typeof member === 'object' && member !== null) {
        stack.push(member)
        depths.push(depth + 1)
      }
    }
  }
}

/** The JSON Pointer of the first value (depth-first) that matches; only called once a problem is known. */
function pathTo(root: unknown, matches: (node: object, depth: number) => boolean, maxDepth: number): string {
  const stack: Array<{ node: unknown; path: string; depth: number }> = [{ node: root, path: '', depth: 0 }]
  while (stack.length > 0) {
    const { node, path, depth } = stack.pop()!
    if (typeof node !== 'object' || node === null) continue
    if (matches(node, depth)) return path
    if (depth >= maxDepth) continue
    const entries = Array.isArray(node) ? node.entries() : Object.entries(node)
    for (const [key, child] of entries) {
      stack.push({ node: child, path: `${path}/${escapePointerToken(String(key))}`, depth: depth + 1 })
    }
  }
  return ''
}
