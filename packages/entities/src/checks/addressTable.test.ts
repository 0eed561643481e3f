import { describe, expect, it } from 'vitest'
import { AddressTable } from './addressTable'

const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'

describe('AddressTable', () => {
  it('finds addresses in any letter case, per chain, and keeps the first entry', () => {
    const table = new AddressTable()
    expect(table.add(1, USDC, 0)).toBeUndefined()
    expect(table.add(8453, USDC, 1)).toBeUndefined()
    expect(table.add(1, USDC.toLowerCase(), 2)).toBe(0)
    expect(table.get(1, USDC.toUpperCase().replace('0X', '0x'))).toBe(0)
    expect(table.get(8453, USDC)).toBe(1)
    expect(table.get(10, USDC)).toBeUndefined()
    expect(table.size).toBe(2)
  })

  it('falls back to the entry without a chain', () => {
    const table = new AddressTable()
    table.add(null, USDC, 7)
    table.add(137, USDC, 8)
    expect(table.get(137, USDC)).toBe(8)
    expect(table.get(42161, USDC)).toBe(7)
  })
})
