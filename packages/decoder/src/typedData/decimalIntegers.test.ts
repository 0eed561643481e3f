import { describe, expect, it } from 'vitest'
import { decimalIntegers } from './decimalIntegers'

const fields = [
  { name: 'amount', type: 'uint256' },
  { name: 'delta', type: 'int64' },
  { name: 'salt', type: 'bytes32' },
  { name: 'memo', type: 'string' },
  { name: 'count', type: 'uint8' },
]

describe('decimalIntegers', () => {
  it('writes hex integers of integer fields as decimal strings, and nothing else', () => {
    const message = { amount: '0x3E8', delta: '-0x10', salt: '0x3e8', memo: '0x3e8', count: 7, extra: '0x1' }
    expect(decimalIntegers(message, fields)).toEqual({
      amount: '1000',
      delta: '-16',
      salt: '0x3e8',
      memo: '0x3e8',
      count: 7,
      extra: '0x1',
    })
    expect(message.amount).toBe('0x3E8')
  })

  it('keeps a uint256 exact, and returns a message without hex integers as it is', () => {
    const max = `0x${'f'.repeat(64)}`
    expect(decimalIntegers({ amount: max }, fields).amount).toBe((2n ** 256n - 1n).toString())
    const decimal = { amount: '1000', delta: -3 }
    expect(decimalIntegers(decimal, fields)).toBe(decimal)
    expect(decimalIntegers(decimal, undefined)).toBe(decimal)
  })
})
