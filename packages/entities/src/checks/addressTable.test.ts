import { describe, expect, it } from 'vitest'
import { AddressTable } from './addressTable'

const address = (i: number) => `0x${i.toString(16).padStart(40, '0')}`
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

  it('refuses what is not an EVM address, and never finds it', () => {
    const table = new AddressTable()
    for (const bad of [
      '0x1234',
      `${USDC}0`,
      USDC.replace('0x', '1x'),
      USDC.replace('b', 'g'),
      USDC.replace('a', '@'),
    ]) {
      expect(table.add(1, bad, 0)).toBeNull()
      expect(table.get(1, bad)).toBeUndefined()
    }
    expect(table.size).toBe(0)
  })

  it('grows past its initial capacity without losing entries', () => {
    const table = new AddressTable(4)
    for (let i = 0; i < 5000; i++) expect(table.add(i % 3, address(i), i)).toBeUndefined()
    for (let i = 0; i < 5000; i++)
      expect(table.get(i % 3, address(i).toUpperCase().replace('0X', '0x'))).toBe(i)
    expect(table.get(1, address(5000))).toBeUndefined()
  })
})
