/** Members an object may have for the scan to vouch for it; past this, comparing names pairwise stops paying. */
const MAX_MEMBERS = 32

const FORBIDDEN = ['__proto__', 'constructor', 'prototype']

/**
 * Whether a text that JSON.parse accepted certainly nests no deeper than `maxDepth`, uses no forbidden member name
 * and names no member twice in one object, decided in one pass over the text that builds no string. parseEntitiesJson
 * walked the parsed value for depth and names, then scanned the text for duplicates slicing out every member name:
 * together as long as JSON.parse itself on an organization's document. False means "not certain" (a problem, or a
 * member name with an escape, or an object with many members), and the caller then runs the exact checks, which
 * say what and where; so this scan only has to be right when it says true.
 */
export function scanJsonText(text: string, maxDepth: number): boolean {
  // Per open container, whether it is an object and where its names start in `names`, which holds the offset and
  // length of each member name of the open objects, innermost last: a closed object's names are dropped.
  const objects: boolean[] = []
  const bases: number[] = []
  const names: number[] = []
  let top = 0
  let depth = 0
  const length = text.length
  for (let i = 0; i < length; i++) {
    const c = text.charCodeAt(i)
    if (c === 34 /* " */) {
      const start = i + 1
      let end = text.indexOf('"', start)
      while (text.charCodeAt(end - 1) === 92 /* \ */ && escaped(text, end)) end = text.indexOf('"', end + 1)
      i = end
      if (depth === 0 || !objects[depth - 1]) continue
      let next = end + 1
      let n = text.charCodeAt(next)
      while (n === 32 || n === 10 || n === 13 || n === 9) n = text.charCodeAt(++next)
      if (n !== 58 /* : */) continue
      i = next
      const size = end - start
      if (!isPlainName(text, start, end) || isForbidden(text, start, size)) return false
      const base = bases[depth - 1]!
      if (top - base === 2 * MAX_MEMBERS) return false
      for (let k = base; k < top; k += 2) {
        if (names[k + 1] === size && sameRange(text, names[k]!, start, size)) return false
      }
      names[top++] = start
      names[top++] = size
    } else if (c === 123 /* { */ || c === 91 /* [ */) {
      if (depth >= maxDepth) return false
      objects[depth] = c === 123
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

/** A name without escapes is its own text, so it can be compared in place. */
function isPlainName(text: string, start: number, end: number): boolean {
  for (let i = start; i < end; i++) if (text.charCodeAt(i) === 92) return false
  return true
}

function isForbidden(text: string, start: number, size: number): boolean {
  for (const name of FORBIDDEN) if (size === name.length && text.startsWith(name, start)) return true
  return false
}

function sameRange(text: string, a: number, b: number, size: number): boolean {
  for (let i = 0; i < size; i++) if (text.charCodeAt(a + i) !== text.charCodeAt(b + i)) return false
  return true
}
