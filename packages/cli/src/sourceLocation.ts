/** A 1-based line and column in a text file, as editors and CI annotations show them. */
export interface SourceLocation {
  line: number
  column: number
}

const start: SourceLocation = { line: 1, column: 1 }

/** Splits a JSON Pointer (RFC 6901) into its unescaped reference tokens. */
export function parseJsonPointer(pointer: string): string[] {
  if (pointer === '') return []
  return pointer
    .slice(pointer.startsWith('/') ? 1 : 0)
    .split('/')
    .map((token) => token.replaceAll('~1', '/').replaceAll('~0', '~'))
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

/** One JSON Pointer prefix someone asked about, and where the value it names was last found. */
interface Wanted {
  children: Map<string, Wanted>
  /** Counts entries into this path's values: a later duplicate name enters it again (0 when never found). */
  entry: number
  /** The parent's entry this path's value was found under; a value found under an earlier duplicate is stale. */
  under: number
  line: number
  column: number
}

const wanted = (): Wanted => ({ children: new Map(), entry: 0, under: 0, line: 1, column: 1 })

/** Where the closing quote of the string whose opening quote is at `at` stands. */
function stringEnd(text: string, at: number): number {
  let from = at + 1
  for (;;) {
    const quote = text.indexOf('"', from)
    if (quote < 0) return text.length
    let backslashes = 0
    while (text.charCodeAt(quote - 1 - backslashes) === 0x5c) backslashes++
    if (backslashes % 2 === 0) return quote
    from = quote + 1
  }
}

const isDelimiter = (code: number) =>
  code === 0x2c ||
  code === 0x7d ||
  code === 0x5d ||
  code === 0x20 ||
  code === 0x0a ||
  code === 0x0d ||
  code === 0x09

/**
 * Finds where each JSON Pointer points in a JSON text that JSON.parse accepts, in one pass and without building a
 * syntax tree: only the values on the path of some pointer are looked at, everything else is skipped bracket by
 * bracket. A tree of the whole text takes about thirty times its size in memory (a 35 MB document took 1 GB, and
 * one near the 256 MiB bound ran out of heap); this takes memory for the pointers alone. As JSON.parse and editors
 * do: the last of duplicate names, lines ended by CR LF, LF or CR, columns in UTF-16 code units. A pointer that
 * goes past the document (a missing required member, say) is located at the deepest value it reaches, which is
 * where the fix belongs. Text that does not parse locates everything at 1:1.
 */
export function locateJsonPointers(text: string, pointers: readonly string[]): SourceLocation[] {
  const root = wanted()
  const paths = pointers.map((pointer) => {
    const path = [root]
    for (const token of parseJsonPointer(pointer)) {
      const parent = path[path.length - 1]!
      let child = parent.children.get(token)
      if (!child) {
        child = wanted()
        parent.children.set(token, child)
      }
      path.push(child)
    }
    return path
  })
  try {
    scan(text, root)
  } catch {
    return pointers.map(() => start)
  }
  return paths.map((path) => {
    let found = path[0]!
    if (found.entry === 0) return start
    for (let k = 1; k < path.length; k++) {
      const next = path[k]!
      if (next.entry === 0 || next.under !== found.entry) break
      found = next
    }
    return { line: found.line, column: found.column }
  })
}

function scan(text: string, root: Wanted): void {
  const length = text.length
  let i = 0
  let line = 1
  let lineStart = 0
  let entries = 0
  const frames: Array<{ node: Wanted; array: boolean; index: number }> = []

  const newline = (at: number) => {
    const code = text.charCodeAt(at)
    return code === 0x0a || (code === 0x0d && text.charCodeAt(at + 1) !== 0x0a)
  }
  const space = () => {
    for (; i < length; i++) {
      const code = text.charCodeAt(i)
      if (code !== 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) return
      if (newline(i)) {
        line++
        lineStart = i + 1
      }
    }
  }
  // An object or array no pointer enters: matched brackets, strings skipped whole, lines still counted.
  const skipContainer = () => {
    let depth = 0
    while (i < length) {
      const code = text.charCodeAt(i)
      if (code === 0x22) {
        i = stringEnd(text, i) + 1
        continue
      }
      if (code === 0x7b || code === 0x5b) depth++
      else if (code === 0x7d || code === 0x5d) {
        if (--depth === 0) {
          i++
          return
        }
      } else if (newline(i)) {
        line++
        lineStart = i + 1
      }
      i++
    }
  }
  const value = (node: Wanted | undefined, parentEntry: number) => {
    space()
    if (i >= length) return
    if (node) {
      node.entry = ++entries
      node.under = parentEntry
      node.line = line
      node.column = i - lineStart + 1
    }
    const code = text.charCodeAt(i)
    if (code === 0x7b || code === 0x5b) {
      if (!node) return skipContainer()
      frames.push({ node, array: code === 0x5b, index: 0 })
      i++
    } else if (code === 0x22) {
      i = stringEnd(text, i) + 1
    } else {
      while (i < length && !isDelimiter(text.charCodeAt(i))) i++
    }
  }

  value(root, 0)
  while (frames.length > 0 && i < length) {
    const frame = frames[frames.length - 1]!
    space()
    const code = text.charCodeAt(i)
    if (code === 0x7d || code === 0x5d) {
      frames.pop()
      i++
      continue
    }
    if (code === 0x2c) {
      i++
      space()
      if (frame.array) frame.index++
    }
    if (frame.array) {
      value(frame.node.children.get(String(frame.index)), frame.node.entry)
      continue
    }
    const end = stringEnd(text, i)
    const raw = text.slice(i + 1, end)
    const name = raw.includes('\\') ? (JSON.parse(`"${raw}"`) as string) : raw
    i = end + 1
    space()
    i++ // the colon
    value(frame.node.children.get(name), frame.node.entry)
  }
}
