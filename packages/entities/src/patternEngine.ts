/**
 * ajv's RegExpEngine and RegExpLike, declared here: ajv exports them only from `ajv/dist/types`, a directory that
 * Node16/NodeNext resolution does not resolve, so naming them would break the published types.
 */
export interface PatternEngine {
  (pattern: string, flags: string): RegExpLike
  code: string
}
interface RegExpLike {
  test: (text: string) => boolean
}

const LOWER_ADDRESS = '^0x[0-9a-f]{40}$'
const ANY_CASE_ADDRESS = '^0x[0-9a-fA-F]{40}$'

/** 1 for the characters a hex digit may be, per case: lowercase only, or either case. */
const LOWER_HEX = new Uint8Array(128)
const ANY_HEX = new Uint8Array(128)
for (const digit of '0123456789abcdef') LOWER_HEX[digit.charCodeAt(0)] = ANY_HEX[digit.charCodeAt(0)] = 1
for (const digit of 'ABCDEF') ANY_HEX[digit.charCodeAt(0)] = 1

/** Exactly what `^0x` and 40 hex digits of a table match. */
function isAddress(text: string, digits: Uint8Array): boolean {
  if (text.length !== 42 || text.charCodeAt(0) !== 0x30 || text.charCodeAt(1) !== 0x78) return false
  for (let i = 2; i < 42; i++) {
    const code = text.charCodeAt(i)
    if (code > 0x7f || digits[code] === 0) return false
  }
  return true
}

const matcher = (pattern: string, test: (text: string) => boolean) =>
  ({ test, toString: () => `/${pattern}/` }) as RegExpLike

/** Patterns with a hand-checked matcher; ajv keys its compiled patterns by `toString()`, as for a RegExp. */
const matchers: Record<string, RegExpLike> = {
  [LOWER_ADDRESS]: matcher(LOWER_ADDRESS, (text) => isAddress(text, LOWER_HEX)),
  [ANY_CASE_ADDRESS]: matcher(ANY_CASE_ADDRESS, (text) => isAddress(text, ANY_HEX)),
}

/**
 * ajv's `code.regExp`: the schemas keep their `pattern`s (they stay the single source of truth, for every JSON
 * Schema tool), and the address patterns, which a large entities document checks a hundred thousand times and a
 * request several times on every decision, run as a plain loop (about a quarter of a regular expression's time).
 * Any other pattern is an ordinary RegExp.
 */
export const patternEngine: PatternEngine = Object.assign(
  (pattern: string, flags: string): RegExpLike => matchers[pattern] ?? new RegExp(pattern, flags),
  { code: 'new RegExp' },
)
