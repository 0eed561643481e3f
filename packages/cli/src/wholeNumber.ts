/**
 * A command-line whole number written in decimal digits, or undefined. Number() would read '' and ' ' as 0,
 * '0x10' as 16 and '1e9' as a billion, so a typo would run the command with some other value.
 */
export function wholeNumber(text: string): number | undefined {
  if (!/^(0|[1-9][0-9]*)$/.test(text)) return undefined
  const value = Number(text)
  return Number.isSafeInteger(value) ? value : undefined
}
