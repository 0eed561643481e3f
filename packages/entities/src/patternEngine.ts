import type { RegExpEngine, RegExpLike } from 'ajv/dist/types'

const EVM_ADDRESS_PATTERN = '^0x[0-9a-fA-F]{40}$'

const isHexDigit = new Uint8Array(128)
for (const digit of '0123456789abcdefABCDEF') isHexDigit[digit.charCodeAt(0)] = 1

/** Exactly what `/^0x[0-9a-fA-F]{40}$/` matches, in a third of the time: addresses are most of a large document. */
function isEvmAddressText(text: string): boolean {
  if (text.length !== 42 || text.charCodeAt(0) !== 0x30 || text.charCodeAt(1) !== 0x78) return false
  for (let i = 2; i < 42; i++) {
    const code = text.charCodeAt(i)
    if (code > 0x7f || isHexDigit[code] === 0) return false
  }
  return true
}

/** Patterns with a hand-checked matcher; ajv keys its compiled patterns by `toString()`, as for a RegExp. */
const matchers: Record<string, RegExpLike> = {
  [EVM_ADDRESS_PATTERN]: { test: isEvmAddressText, toString: () => `/${EVM_ADDRESS_PATTERN}/` } as RegExpLike,
}

/**
 * ajv's `code.regExp`: the schemas keep their `pattern`s (they stay the single source of truth, for every JSON
 * Schema tool), and the one pattern a large document checks a hundred thousand times runs as a plain loop. Any
 * other pattern is an ordinary RegExp.
 */
export const patternEngine: RegExpEngine = Object.assign(
  (pattern: string, flags: string): RegExpLike => matchers[pattern] ?? new RegExp(pattern, flags),
  { code: 'new RegExp' },
)
