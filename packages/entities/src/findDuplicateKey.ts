import { escapePointerToken } from './issue'

interface Frame {
  /** Member names seen so far, for an object; undefined for an array. */
  keys: Set<string> | undefined
  /** The member being read (object) or its index (array): the frame's token in a JSON Pointer. */
  token: string
  index: number
}

/**
 * The JSON Pointer of the first member that repeats a name already used in its object, or undefined. JSON
 * leaves duplicate names undefined: JSON.parse keeps the last, other parsers (and people reading the file) the
 * first or refuse, so a text with one is read one way by Rampart and another way elsewhere. `text` must be valid
 * JSON (it is scanned after JSON.parse accepted it), so only strings, brackets and commas need reading; it is one
 * pass, with a set of names for each object open at a time.
 */
export function findDuplicateKey(text: string): string | undefined {
  const frames: Frame[] = []
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c === 34 /* " */) {
      let end = i + 1
      while (text.charCodeAt(end) !== 34) end += text.charCodeAt(end) === 92 /* \ */ ? 2 : 1
      const top = frames[frames.length - 1]
      let next = end + 1
      while (next < text.length && isSpace(text.charCodeAt(next))) next++
      if (top?.keys && text.charCodeAt(next) === 58 /* : */) {
        const raw = text.slice(i, end + 1)
        const key = raw.includes('\\') ? (JSON.parse(raw) as string) : raw.slice(1, -1)
        if (top.keys.has(key)) return pointer(frames, key)
        top.keys.add(key)
        top.token = key
        end = next
      }
      i = end
    } else if (c === 123 /* { */ || c === 91 /* [ */) {
      frames.push({ keys: c === 123 ? new Set() : undefined, token: '0', index: 0 })
    } else if (c === 125 /* } */ || c === 93 /* ] */) {
      frames.pop()
    } else if (c === 44 /* , */) {
      const top = frames[frames.length - 1]
      if (top && !top.keys) top.token = String(++top.index)
    }
  }
  return undefined
}

function isSpace(c: number): boolean {
  return c === 32 || c === 9 || c === 10 || c === 13
}

function pointer(frames: readonly Frame[], key: string): string {
  const tokens = frames.slice(0, -1).map((frame) => frame.token)
  tokens.push(key)
  return tokens.map((token) => `/${escapePointerToken(token)}`).join('')
}
