/**
 * How deeply a request body may nest arrays and objects. Requests need a few levels (typed data structs, policy
 * criteria); code that walks a body (hashing, decoding, storing) recurses, and thousands of levels would exhaust
 * its stack. The evaluator refuses intents nested more than 64 levels for the same reason.
 */
export const maxJsonDepth = 64

/**
 * Whether JSON text nests arrays and objects more than `max` levels deep. One pass over the text, brackets inside
 * strings skipped; it runs before the text is parsed, so it does not judge whether the text is valid JSON.
 */
export function jsonDeeperThan(text: string, max: number): boolean {
  let depth = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (inString) {
      if (code === 92)
        i++ // a backslash escapes the next character
      else if (code === 34) inString = false
    } else if (code === 34) {
      inString = true
    } else if (code === 123 || code === 91) {
      if (++depth > max) return true
    } else if (code === 125 || code === 93) {
      depth--
    }
  }
  return false
}
