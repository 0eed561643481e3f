import { formatUnits } from 'viem'

/** Full-precision decimal rendering of a base-unit amount, no thousands separator, no trailing zeros. */
export function formatAmount(amount: bigint, decimals: number): string {
  if (!Number.isSafeInteger(decimals) || decimals < 0 || decimals > 255) return amount.toString()
  return formatUnits(amount, decimals)
}
