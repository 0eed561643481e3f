import { describe, expect, it } from 'vitest'
import { baseUnitCondition } from './baseUnitCondition'

describe('baseUnitCondition', () => {
  it('scales token units to base units exactly', () => {
    expect(baseUnitCondition('lte', '1.5', 6)).toEqual({ operator: 'lte', value: '1500000' })
    expect(baseUnitCondition('gt', '250000', 6)).toEqual({ operator: 'gt', value: '250000000000' })
    expect(baseUnitCondition('eq', '1', 18)).toEqual({ operator: 'eq', value: '1000000000000000000' })
    expect(baseUnitCondition('ne', '0.000', 0)).toEqual({ operator: 'ne', value: '0' })
  })

  it('keeps integers beyond 2^53 exact', () => {
    expect(baseUnitCondition('lt', '1461501637330902918203684832716283019655932542975', 0)).toEqual({
      operator: 'lt',
      value: '1461501637330902918203684832716283019655932542975',
    })
  })

  it('rewrites values finer than a base unit against their floor', () => {
    expect(baseUnitCondition('gt', '0.5', 0)).toEqual({ operator: 'gt', value: '0' })
    expect(baseUnitCondition('gte', '1.0000005', 6)).toEqual({ operator: 'gt', value: '1000000' })
    expect(baseUnitCondition('lt', '1.0000005', 6)).toEqual({ operator: 'lte', value: '1000000' })
    expect(baseUnitCondition('lte', '0.5', 0)).toEqual({ operator: 'lte', value: '0' })
    expect(baseUnitCondition('eq', '0.5', 0)).toEqual({ operator: 'lt', value: '0' })
    expect(baseUnitCondition('ne', '0.5', 0)).toEqual({ operator: 'gte', value: '0' })
  })
})
