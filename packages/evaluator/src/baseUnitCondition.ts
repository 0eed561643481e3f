import type { Operator } from './generated/policy'

/** A comparison whose value is an integer number of base units, as the policy library compares amounts. */
export interface BaseUnitCondition {
  operator: Operator
  value: string
}

/** Conditions no amount meets, and that every amount meets (amounts are never negative). */
export const NEVER: BaseUnitCondition = { operator: 'lt', value: '0' }
export const ALWAYS: BaseUnitCondition = { operator: 'gte', value: '0' }

/**
 * States `amount <operator> value` (value a decimal, in units with `decimals` decimals) as an exact comparison
 * with an integer number of base units. A value finer than a base unit cannot equal an integer amount, so the
 * condition is rewritten against its floor: `> 0.5` is `> 0`, `<= 0.5` is `<= 0`, `= 0.5` never holds.
 */
export function baseUnitCondition(operator: Operator, value: string, decimals: number): BaseUnitCondition {
  const [whole = '0', fraction = ''] = value.split('.')
  const significant = fraction.replace(/0+$/, '')
  const floor = BigInt(`${whole}${significant.slice(0, decimals).padEnd(decimals, '0')}`)
  return againstFloor(operator, floor, significant.length <= decimals)
}

/**
 * `amount <operator> threshold` for an integer amount, stated against the threshold's floor: the same comparison
 * when the threshold is an integer (`exact`), else the one an integer amount meets exactly when it meets the
 * fractional threshold.
 */
export function againstFloor(operator: Operator, floor: bigint, exact: boolean): BaseUnitCondition {
  const value = floor.toString()
  if (exact) return { operator, value }
  switch (operator) {
    case 'gt':
    case 'gte':
      return { operator: 'gt', value }
    case 'lt':
    case 'lte':
      return { operator: 'lte', value }
    case 'eq':
      return NEVER
    case 'ne':
      return ALWAYS
  }
}
