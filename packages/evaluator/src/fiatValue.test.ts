import { describe, expect, it } from 'vitest'
import { fiatCondition, fiatUnitsOf, formatFiatUnits, toFiatUnits } from './fiatValue'

describe('fiat values, exactly', () => {
  it('values an amount in millionths of the currency, rounded up', () => {
    // 1,234.56 USDC (6 decimals) at 1.0001 USD: 1234.683456 USD.
    expect(fiatUnitsOf(1_234_560_000n, '1.0001', 6)).toBe(1_234_683_456n)
    // 1 wei at 3000 USD per ETH is 3e-15 USD: rounded up to one millionth, never down to nothing.
    expect(fiatUnitsOf(1n, '3000', 18)).toBe(1n)
    expect(fiatUnitsOf(0n, '3000', 18)).toBe(0n)
    // 2^256-1 base units stay exact.
    const max = 2n ** 256n - 1n
    expect(fiatUnitsOf(max, '1', 0)).toBe(max * 1_000_000n)
  })

  it('reads and writes decimal strings without floats', () => {
    expect(toFiatUnits('1234.56')).toBe(1_234_560_000n)
    expect(toFiatUnits('0.0000001')).toBe(1n)
    expect(toFiatUnits('50000')).toBe(50_000_000_000n)
    expect(formatFiatUnits(1_234_560_000n)).toBe('1234.56')
    expect(formatFiatUnits(7n)).toBe('0.000007')
    expect(formatFiatUnits(50_000_000_000n)).toBe('50000')
    // 0.1 + 0.2 in floats is 0.30000000000000004.
    expect(formatFiatUnits(toFiatUnits('0.1') + toFiatUnits('0.2'))).toBe('0.3')
  })

  it('states a value condition as an exact base-unit threshold', () => {
    // <= 10,000 USD of USDC at 1 USD: <= 10,000,000,000 base units.
    expect(fiatCondition('lte', '10000', '1', 6)).toEqual({ operator: 'lte', value: '10000000000' })
    // <= 10,000 USD of ETH at 3000 USD: 3.333… ETH, so at most its floor in wei (an exact rewrite).
    expect(fiatCondition('lte', '10000', '3000', 18)).toEqual({
      operator: 'lte',
      value: '3333333333333333333',
    })
    expect(fiatCondition('lt', '10000', '3000', 18)).toEqual({
      operator: 'lte',
      value: '3333333333333333333',
    })
    expect(fiatCondition('gt', '10000', '3000', 18)).toEqual({ operator: 'gt', value: '3333333333333333333' })
    expect(fiatCondition('eq', '10000', '3000', 18)).toEqual({ operator: 'lt', value: '0' })
    expect(fiatCondition('gte', '0.5', '0.25', 0)).toEqual({ operator: 'gte', value: '2' })
  })

  it('treats a price of 0 as every amount worth 0', () => {
    expect(fiatCondition('lte', '10', '0', 6)).toEqual({ operator: 'gte', value: '0' })
    expect(fiatCondition('gt', '10', '0', 6)).toEqual({ operator: 'lt', value: '0' })
    expect(fiatCondition('gte', '0', '0.00', 6)).toEqual({ operator: 'gte', value: '0' })
    expect(fiatCondition('gte', '1', '0', 6)).toEqual({ operator: 'lt', value: '0' })
  })
})
