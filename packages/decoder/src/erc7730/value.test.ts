import { describe, expect, it } from 'vitest'
import { constantToValue, renderRaw, sliceValue, toValue, valueToAddress } from './value'

describe('toValue', () => {
  it('types decoded and JSON values by their Solidity type, rejecting what does not fit', () => {
    expect(toValue('uint8', '255')).toEqual({ type: 'int', value: 255n })
    expect(toValue('uint8', 256)).toBeUndefined()
    expect(toValue('uint256', '-1')).toBeUndefined()
    expect(toValue('int8', -128n)).toEqual({ type: 'int', value: -128n })
    expect(toValue('int8', '0x80')).toBeUndefined()
    expect(toValue('uint48', 1.5)).toBeUndefined()
    expect(toValue('bytes4', '0x12345678')).toEqual({ type: 'bytes', value: '0x12345678' })
    expect(toValue('bytes4', '0x1234')).toBeUndefined()
    expect(toValue('bytes', '0xABCD')).toEqual({ type: 'bytes', value: '0xabcd' })
    expect(toValue('address', `0x${'ff'.repeat(40)}`)).toBeUndefined()
    expect(toValue('bool', 'true')).toEqual({ type: 'bool', value: true })
    expect(toValue('string', 5)).toBeUndefined()
  })

  it('renders raw values and reads addresses out of words and slices', () => {
    expect(renderRaw({ type: 'address', value: '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48' })).toBe(
      '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
    )
    const word = { type: 'bytes', value: `0x${'00'.repeat(12)}${'11'.repeat(20)}` } as const
    expect(valueToAddress(word)).toBe(`0x${'11'.repeat(20)}`)
    expect(valueToAddress({ type: 'bytes', value: `0x${'01'.repeat(32)}` })).toBeUndefined()
    expect(sliceValue({ type: 'bytes', value: '0x0102030405' }, -2, undefined)).toEqual({
      type: 'bytes',
      value: '0x0405',
    })
    expect(constantToValue('0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE')).toEqual({
      type: 'address',
      value: '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee',
    })
  })
})
