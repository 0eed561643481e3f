/** Members an object may have for the scan to vouch for it; past this, comparing names pairwise stops paying. */
const MAX_MEMBERS = 32

/** Levels of nesting the scan follows; a deeper text (allowed by a larger maxDepth) goes to the exact checks. */
const MAX_TRACKED_DEPTH = 256

/**
 * Whether a text that JSON.parse accepted certainly nests no deeper than `maxDepth`, uses no forbidden member name
 * and names no member twice in one object, decided in one pass over the text that builds no string. parseEntitiesJson
 * walked the parsed value for depth and names, then scanned the text for duplicates slicing out every member name:
 * together as long as JSON.parse itself on an organization's document. False means "not certain" (a problem, or a
 * member name with an escape, or an object with many members), and the caller then runs the exact checks, which
 * say what and where; so this scan only has to be right when it says true.
 *
 * Strings are skipped with indexOf, and the position of the next backslash is kept, so a string that ends before
 * it is known to hold no escape without reading its characters: on an organization's document (no escapes at
 * all) the scan reads only the characters between strings, and each member name's length.
 */
export function scanJsonText(text: string, maxDepth: number): boolean {
  // A valid text nests no deeper than its length, so a short text needs short tables.
  const tracked = Math.min(maxDepth, MAX_TRACKED_DEPTH, text.length)
  // A bound that is no count (negative, NaN) is left to the exact checks, which say what it allows.
  if (!(tracked >= 0)) return false
  // Per open container, whether it is an object and where its names start in `names`, which holds the offset and
  // length of each member name of the open objects, innermost last: a closed object's names are dropped.
  const objects = new Uint8Array(tracked + 1)
  const bases = new Int32Array(tracked + 1)
  const names = new Int32Array((tracked + 1) * MAX_MEMBERS * 2)
  let top = 0
  let depth = 0
  const length = text.length
  let backslash = -1
  for (let i = 0; i < length; i++) {
    const c = text.charCodeAt(i)
    if (c === 34 /* " */) {
      const start = i + 1
      if (backslash < start) {
        backslash = text.indexOf('\\', start)
        if (backslash < 0) backslash = length
      }
      let end = text.indexOf('"', start)
      const plain = end < backslash
      if (!plain) while (end > 0 && escaped(text, end)) end = text.indexOf('"', end + 1)
      // Only a text JSON.parse refused ends inside a string; none is vouched for.
      if (end < 0) return false
      i = end
      if (depth === 0 || objects[depth - 1] === 0) continue
      let next = end + 1
      let n = text.charCodeAt(next)
      while (n === 32 || n === 10 || n === 13 || n === 9) n = text.charCodeAt(++next)
      if (n !== 58 /* : */) continue
      i = next
      // A name with an escape is not its own text, so it cannot be compared in place.
      if (!plain) return false
      const size = end - start
      if ((size === 9 || size === 11) && isForbidden(text, start, size)) return false
      const base = bases[depth - 1]!
      if (top - base === 2 * MAX_MEMBERS) return false
      for (let k = base; k < top; k += 2) {
        if (names[k + 1] === size && sameRange(text, names[k]!, start, size)) return false
      }
      names[top++] = start
      names[top++] = size
    } else if (c === 123 /* { */ || c === 91 /* [ */) {
      if (depth >= tracked) return false
      objects[depth] = c === 123 ? 1 : 0
      bases[depth] = top
      depth++
    } else if (c === 125 /* } */ || c === 93 /* ] */) {
      top = bases[--depth]!
    }
  }
  return true
}

/** Whether the character at `at` follows an odd number of backslashes. */
function escaped(text: string, at: number): boolean {
  let backslashes = 0
  while (text.charCodeAt(at - 1 - backslashes) === 92) backslashes++
  return backslashes % 2 === 1
}

/** `__proto__` and `prototype` (9 characters) and `constructor` (11), the names that reach Object.prototype. */
function isForbidden(text: string, start: number, size: number): boolean {
  if (size === 11) return text.startsWith('constructor', start)
  return text.startsWith('__proto__', start) || text.startsWith('prototype', start)
}

function sameRange(text: string, a: number, b: number, size: number): boolean {
  for (let i = 0; i < size; i++) if (text.charCodeAt(a + i) !== text.charCodeAt(b + i)) return false
  return true
}
