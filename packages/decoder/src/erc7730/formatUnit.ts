import { formatAmount } from './formatAmount'

const SI_PREFIXES: [exponent: number, symbol: string][] = [
  [24, 'Y'],
  [21, 'Z'],
  [18, 'E'],
  [15, 'P'],
  [12, 'T'],
  [9, 'G'],
  [6, 'M'],
  [3, 'k'],
]

/** `value / 10^decimals` followed by the unit, with an SI prefix when asked (`36000`, base `s` → `36ks`). */
export function formatUnit(value: bigint, base: string, decimals: number, prefix: boolean): string {
  if (prefix) {
    const magnitude = value < 0n ? -value : value
    for (const [exponent, symbol] of SI_PREFIXES) {
      if (magnitude >= 10n ** BigInt(exponent + decimals)) {
        return `${formatAmount(value, decimals + exponent)}${symbol}${base}`
      }
    }
  }
  return `${formatAmount(value, decimals)}${base}`
}
