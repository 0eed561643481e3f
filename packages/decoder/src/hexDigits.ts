/**
 * Value of each hex digit by character code (-1 for anything else), for parsers on the hot path that read
 * digits in place instead of converting substrings in the runtime.
 */
export const lowercaseHexDigits: Int8Array = digitTable('0123456789abcdef')

/** Same, accepting A-F as well. */
export const anyCaseHexDigits: Int8Array = digitTable('0123456789abcdefABCDEF')

function digitTable(digits: string): Int8Array {
  const table = new Int8Array(128).fill(-1)
  for (let i = 0; i < digits.length; i++) table[digits.charCodeAt(i)] = i < 16 ? i : i - 6
  return table
}

/**
 * A 0x quantity of 1 to 13 hex digits (any case) as a number, exactly (at most 52 bits); -1 when the string is
 * anything else, including longer quantities, which callers then parse as BigInt.
 */
export function smallHexQuantity(value: string): number {
  const length = value.length
  if (length < 3 || length > 15 || value.charCodeAt(0) !== 48 || value.charCodeAt(1) !== 120) return -1
  let result = 0
  for (let i = 2; i < length; i++) {
    const digit = anyCaseHexDigits[value.charCodeAt(i)] ?? -1
    if (digit < 0) return -1
    result = result * 16 + digit
  }
  return result
}
