import type { Operator } from './generated/policy'

/** A comparison whose value is an integer number of base units, as the policy library compares amounts. */
export interface BaseUnitCondition {
  operator: Operator
  value: string
}

/** Conditions no amount meets, and that every amount meets (amounts are never negative). */
const NEVER: BaseUnitCondition = { operator: 'lt', value: '0' }
const ALWAYS: BaseUnitCondition = { operator: 'gte', value: '0' }

/**
 * States `amount <operator> value` (value a decimal, in units with `decimals` decimals) as an exact comparison
 * with an integer number of base units. A value finer than a base unit cannot equal an integer amount, so the
 * condition is rewritten against its floor: `> 0.5` is `> 0`, `<= 0.5` is `<= 0`, `= 0.5` never holds.
 */
export function baseUnitCondition(operator: Operator, value: string, decimals: number): BaseUnitCondition {
  const [whole = '0', fraction = ''] = value.split('.')
  const significant = fraction.replace(/0+$/, '')
  const floor = BigInt(`${whole}${significant.slice(0, decimals).padEnd(decimals, '0')}`).toString()
  if (significant.length <= decimals) return { operator, value: floor }
  switch (operator) {
    case 'gt':
    case 'gte':
      return { operator: 'gt', value: floor }
    case 'lt':
    case 'lte':
      return { operator: 'lte', value: floor }
    case 'eq':
      return NEVER
    case 'ne':
      return ALWAYS
  }
}
