import { escapePointerToken } from './issue'

/** An object or array open at one depth. Frames are reused from one container to the next at the same depth. */
interface Frame {
  object: boolean
  /** The member names seen so far in an object: a list while it is short, a set once it is long. */
  names: string[]
  set: Set<string> | undefined
  /** The member being read, in an object. */
  name: string
  /** The element being read, in an array. */
  index: number
}

/** Past this many members, an object's names go in a set: a short list is faster to search than a set is to fill. */
const LIST_LIMIT = 16

/**
 * The JSON Pointer of the first member that repeats a name already used in its object, or undefined. JSON
 * leaves duplicate names undefined: JSON.parse keeps the last, other parsers (and people reading the file) the
 * first or refuse, so a text with one is read one way by Rampart and another way elsewhere. `text` must be valid
 * JSON (it is scanned after JSON.parse accepted it), so only strings, brackets and commas need reading. It is one
 * pass that allocates nothing per container: an organization's document holds hundreds of thousands of small
 * objects.
 */
export function findDuplicateKey(text: string): string | undefined {
  const frames: Frame[] = []
  let depth = 0
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c === 34 /* " */) {
      let end = closingQuote(text, i + 1)
      const top = depth > 0 ? frames[depth - 1] : undefined
      let next = end + 1
      while (next < text.length && isSpace(text.charCodeAt(next))) next++
      if (top?.object && text.charCodeAt(next) === 58 /* : */) {
        const raw = text.slice(i + 1, end)
        const name = raw.includes('\\') ? (JSON.parse(`"${raw}"`) as string) : raw
        if (seen(top, name)) return pointer(frames, depth, name)
        top.name = name
        end = next
      }
      i = end
    } else if (c === 123 /* { */ || c === 91 /* [ */) {
      const frame = frames[depth] ?? { object: false, names: [], set: undefined, name: '', index: 0 }
      frames[depth++] = frame
      frame.object = c === 123
      frame.names.length = 0
      frame.set = undefined
      frame.index = 0
    } else if (c === 125 /* } */ || c === 93 /* ] */) {
      depth--
    } else if (c === 44 /* , */ && depth > 0) {
      const top = frames[depth - 1] as Frame
      if (!top.object) top.index++
    }
  }
  return undefined
}

/** Whether the object already has a member of this name; records it if not. */
function seen(frame: Frame, name: string): boolean {
  if (frame.set) {
    if (frame.set.has(name)) return true
    frame.set.add(name)
    return false
  }
  if (frame.names.includes(name)) return true
  frame.names.push(name)
  if (frame.names.length > LIST_LIMIT) frame.set = new Set(frame.names)
  return false
}

/**
 * Where the string that starts at `from` ends: the next quote no backslash escapes. indexOf searches natively, and
 * strings (ids, addresses, keys) are most of a document's text.
 */
function closingQuote(text: string, from: number): number {
  let end = text.indexOf('"', from)
  while (escaped(text, end)) end = text.indexOf('"', end + 1)
  return end
}

/** Whether the character at `at` follows an odd number of backslashes. */
function escaped(text: string, at: number): boolean {
  let backslashes = 0
  while (text.charCodeAt(at - 1 - backslashes) === 92 /* \ */) backslashes++
  return backslashes % 2 === 1
}

function isSpace(c: number): boolean {
  return c === 32 || c === 9 || c === 10 || c === 13
}

function pointer(frames: readonly Frame[], depth: number, name: string): string {
  const tokens = frames.slice(0, depth - 1).map((frame) => (frame.object ? frame.name : String(frame.index)))
  tokens.push(name)
  return tokens.map((token) => `/${escapePointerToken(token)}`).join('')
}
