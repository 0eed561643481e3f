import { ALWAYS, againstFloor, type BaseUnitCondition, NEVER } from './baseUnitCondition'
import type { Operator } from './generated/policy'

/**
 * Fiat values are exact: decimal strings read into bigints, never floats. A movement's value is kept in millionths
 * of the currency (FIAT_DECIMALS) and rounded up, so a total compared with a "≤ limit" never comes out below what
 * was moved: rounding can refuse a transfer a hair under a limit, never permit one over it.
 */
export const FIAT_DECIMALS = 6
const FIAT_SCALE = 10n ** BigInt(FIAT_DECIMALS)

/** A decimal string (digits, an optional fraction) as numerator and power of ten: "12.5" is [125n, 1]. */
function parseDecimal(value: string): [numerator: bigint, places: number] {
  const [whole = '0', fraction = ''] = value.split('.')
  return [BigInt(`${whole}${fraction}`), fraction.length]
}

const ceilDiv = (a: bigint, b: bigint) => (a + b - 1n) / b

/** A decimal string in currency units as millionths, rounded up (a recorded value finer than that). */
export function toFiatUnits(value: string): bigint {
  const [numerator, places] = parseDecimal(value)
  return places <= FIAT_DECIMALS
    ? numerator * 10n ** BigInt(FIAT_DECIMALS - places)
    : ceilDiv(numerator, 10n ** BigInt(places - FIAT_DECIMALS))
}

/** Millionths of the currency as a decimal string without trailing zeros: 1234560000n is "1234.56". */
export function formatFiatUnits(units: bigint): string {
  const whole = units / FIAT_SCALE
  const fraction = (units % FIAT_SCALE).toString().padStart(FIAT_DECIMALS, '0').replace(/0+$/, '')
  return fraction === '' ? whole.toString() : `${whole}.${fraction}`
}

/**
 * The value, in millionths of the currency rounded up, of `amount` base units of a token with `decimals` decimals
 * priced at `price` currency units per whole token.
 */
export function fiatUnitsOf(amount: bigint, price: string, decimals: number): bigint {
  if (amount === 0n) return 0n
  const [numerator, places] = parseDecimal(price)
  return ceilDiv(amount * numerator * FIAT_SCALE, 10n ** BigInt(places + decimals))
}

/**
 * States "the value of the amount <operator> value" (value in currency units) as an exact comparison of the amount
 * in base units, for a token with `decimals` decimals at `price`: the amount's value is amount·price/10^decimals,
 * so the threshold is value·10^decimals/price, compared against its floor when it is not an integer (as
 * baseUnitCondition does). Exact, so no rounding rule is needed. At a price of 0 every amount is worth 0.
 */
export function fiatCondition(
  operator: Operator,
  value: string,
  price: string,
  decimals: number,
): BaseUnitCondition {
  const [valueNumerator, valuePlaces] = parseDecimal(value)
  const [priceNumerator, pricePlaces] = parseDecimal(price)
  if (priceNumerator === 0n) return holdsAtZero(operator, valueNumerator) ? ALWAYS : NEVER
  const numerator = valueNumerator * 10n ** BigInt(pricePlaces + decimals)
  const denominator = priceNumerator * 10n ** BigInt(valuePlaces)
  return againstFloor(operator, numerator / denominator, numerator % denominator === 0n)
}

/** Whether a value of 0 meets `<operator> value` (value ≥ 0, as a numerator). */
function holdsAtZero(operator: Operator, value: bigint): boolean {
  switch (operator) {
    case 'gt':
      return false
    case 'gte':
    case 'lte':
      return value === 0n || operator === 'lte'
    case 'lt':
      return value > 0n
    case 'eq':
      return value === 0n
    case 'ne':
      return value !== 0n
  }
}
