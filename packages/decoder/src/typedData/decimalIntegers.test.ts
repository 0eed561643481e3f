import { describe, expect, it } from 'vitest'
import { decodeIntent } from '../decodeRequest'
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

  it('writes every integer a signer reads from a string as its decimal value, and refuses one no signer reads', () => {
    // Signers (viem, ethers, eth-sig-util) read an integer string with BigInt: leading zeros, 0X, 0b, 0o and
    // surrounding spaces all hash as 1000, so a policy on amount 1000 must see 1000.
    for (const amount of ['01000', '0X3E8', '0b1111101000', '0o1750', ' 1000 ', '0x03e8']) {
      expect(decimalIntegers({ amount }, fields).amount, amount).toBe('1000')
    }
    expect(decimalIntegers({ delta: '-016' }, fields).delta).toBe('-16')
    // BigInt reads '-0' as 0: a policy on amount 0 must see 0, not a '-0' it cannot compare.
    for (const zero of ['-0', '-00', '-0x0']) {
      expect(decimalIntegers({ amount: zero, delta: zero }, fields), zero).toEqual({
        amount: '0',
        delta: '0',
      })
    }
    expect(() => decimalIntegers({ amount: '1e3' }, fields)).toThrow(/integer/)
    expect(() => decimalIntegers({ amount: '1_000' }, fields)).toThrow(/integer/)
    expect(() => decimalIntegers({ delta: '--16' }, fields)).toThrow(/integer/)
    expect(() => decimalIntegers({ delta: '- 16' }, fields)).toThrow(/integer/)
  })

  it('refuses an integer written as a JSON number past 2^53, whose digits JSON.parse has already rounded', () => {
    // {"amount": 100000000000000000001} parses as 1e20 here, while a signer that reads JSON numbers exactly
    // (Go, Java, Python) hashes the ...001 it was sent.
    for (const amount of [JSON.parse('100000000000000000001'), 2 ** 53, -(2 ** 60), 1e300]) {
      expect(() => decimalIntegers({ amount }, fields), String(amount)).toThrow(/integer/)
    }
    const exact = { amount: 2 ** 53 - 1, delta: -(2 ** 53 - 1), memo: 1e300 }
    expect(decimalIntegers(exact, fields)).toBe(exact)
    const typedData = JSON.stringify({
      types: {
        EIP712Domain: [{ name: 'name', type: 'string' }],
        Order: [{ name: 'amount', type: 'uint256' }],
      },
      primaryType: 'Order',
      domain: { name: 'Exchange' },
      message: { amount: 0 },
    }).replace('"amount":0', '"amount":100000000000000000001')
    const signer = '0x00000000000000000000000000000000000000aa'
    const { error } = decodeIntent({ method: 'eth_signTypedData_v4', params: [signer, typedData] })
    expect(error).toMatchObject({ name: 'invalidTypedData', path: '/params/1/message/amount' })
  })

  it('gives a policy the value signers hash, in the intent of a generic typed-data request', () => {
    const typedData = {
      types: {
        EIP712Domain: [{ name: 'name', type: 'string' }],
        Order: [{ name: 'amount', type: 'uint256' }],
      },
      primaryType: 'Order',
      domain: { name: 'Exchange' },
      message: { amount: '000000001000' },
    }
    const signer = '0x00000000000000000000000000000000000000aa'
    const { intent, error } = decodeIntent({ method: 'eth_signTypedData_v4', params: [signer, typedData] })
    expect(error).toBeNull()
    expect(intent.typedData?.message).toEqual({ amount: '1000' })
  })
})

describe('decimalIntegers on booleans', () => {
  const flags = [{ name: 'allowed', type: 'bool' }]
  it("writes a bool sent as 'true' as true, and refuses any other value that is not a boolean", () => {
    expect(decimalIntegers({ allowed: 'true' }, flags)).toEqual({ allowed: true })
    const message = { allowed: false }
    expect(decimalIntegers(message, flags)).toBe(message)
    for (const allowed of ['false', 1, 0, '', null]) {
      expect(() => decimalIntegers({ allowed }, flags), JSON.stringify(allowed)).toThrow(/boolean/)
    }
  })
})
