import { describe, expect, it } from 'vitest'
import { parseAddress, parseCalldata, parseChainId, parseHexData, parseQuantity } from './values'

const refused = (code: string, path: string) => expect.objectContaining({ code, path })

describe('request values', () => {
  it('reads addresses of any case as lowercase and names the refused field', () => {
    const address = '0x5bdbd6e977d40a2fbebad8d8654556582a6df854'
    expect(parseAddress(address, '/params/0', 'to')).toBe(address)
    expect(parseAddress('0x5BDBD6E977D40A2FBEBAD8D8654556582A6DF854', '/params/0', 'to')).toBe(address)
    for (const bad of [
      `${address}0`,
      address.slice(0, 41),
      `0X${address.slice(2)}`,
      ` ${address}`,
      42,
      null,
    ]) {
      expect(() => parseAddress(bad, '/params/0', 'to')).toThrow(refused('invalidAddress', '/params/0/to'))
    }
    expect(() => parseAddress('0x12', '/params/0')).toThrow(refused('invalidAddress', '/params/0'))
  })

  it('reads quantities as hex, decimal or safe integers, up to 256 bits', () => {
    expect(parseQuantity('0x0', '/v')).toBe(0n)
    expect(parseQuantity('0x1fffffffffffff', '/v')).toBe(2n ** 53n - 1n)
    expect(parseQuantity('0xfffffffffffff', '/v')).toBe(2n ** 52n - 1n)
    expect(parseQuantity('0x10000000000000', '/v')).toBe(2n ** 52n)
    expect(parseQuantity(`0x${'f'.repeat(64)}`, '/v')).toBe(2n ** 256n - 1n)
    expect(parseQuantity((2n ** 256n - 1n).toString(), '/v')).toBe(2n ** 256n - 1n)
    expect(parseQuantity(7, '/v')).toBe(7n)
    for (const bad of [
      '0x',
      '0x1 ',
      ' 0x1',
      '0x-1',
      `0x1${'0'.repeat(64)}`,
      (2n ** 256n).toString(),
      '01',
      -1,
      1.5,
    ]) {
      expect(() => parseQuantity(bad, '/params/0', 'value')).toThrow(
        refused('invalidQuantity', '/params/0/value'),
      )
    }
  })

  it('reads chain ids as safe integers', () => {
    expect(parseChainId('0x1', '/c')).toBe(1)
    expect(parseChainId('0x2105', '/c')).toBe(8453)
    expect(parseChainId('137', '/c')).toBe(137)
    expect(parseChainId('0x1fffffffffffff', '/c')).toBe(Number.MAX_SAFE_INTEGER)
    expect(() => parseChainId('0x20000000000000', '/p', 'chainId')).toThrow(
      refused('invalidQuantity', '/p/chainId'),
    )
  })

  it('keeps hex data as sent, and lowercases calldata', () => {
    expect(parseHexData('0xABcd', '/d')).toBe('0xABcd')
    expect(parseCalldata('0xABcd', '/d')).toBe('0xabcd')
    expect(parseCalldata(undefined, '/d')).toBe('0x')
    expect(() => parseCalldata('0xabc', '/p', 'data')).toThrow(refused('malformedHex', '/p/data'))
    expect(() => parseCalldata('0xzz', '/p', 'data')).toThrow(refused('malformedHex', '/p/data'))
    expect(() => parseHexData('abcd', '/p', 'input')).toThrow(refused('malformedHex', '/p/input'))
  })
})
