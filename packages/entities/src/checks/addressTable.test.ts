import { createHash } from 'node:crypto'
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

  it('grows past its first size and still finds every address', () => {
    const table = new AddressTable()
    const address = (i: number) => `0x${createHash('sha256').update(String(i)).digest('hex').slice(0, 40)}`
    for (let i = 0; i < 20_000; i++) expect(table.add(i % 3, address(i), i)).toBeUndefined()
    for (let i = 0; i < 20_000; i++) {
      expect(table.get(i % 3, address(i).toUpperCase().replace('0X', '0x'))).toBe(i)
      expect(table.get((i + 1) % 3, address(i))).toBeUndefined()
    }
    expect(table.size).toBe(20_000)
  })

  it('falls back to the entry without a chain', () => {
    const table = new AddressTable()
    table.add(null, USDC, 7)
    table.add(137, USDC, 8)
    expect(table.get(137, USDC)).toBe(8)
    expect(table.get(42161, USDC)).toBe(7)
  })
})

describe('AddressTable buckets', () => {
  // Addresses that share their first seven digits share a bucket.
  const lookalike = (i: number) => `0x1234567${i.toString(16).padStart(33, '0')}`

  it('keeps apart addresses that share a bucket, through a crowd of them', () => {
    const table = new AddressTable()
    for (let i = 0; i < 40; i++) expect(table.add(1, lookalike(i), i)).toBeUndefined()
    for (let i = 0; i < 40; i++) {
      expect(table.get(1, lookalike(i).toUpperCase().replace('0X', '0x'))).toBe(i)
      expect(table.add(1, lookalike(i).toUpperCase(), 100 + i)).toBe(i)
    }
    expect(table.get(1, lookalike(40))).toBeUndefined()
    expect(table.get(2, lookalike(39))).toBeUndefined()
    expect(table.size).toBe(40)
  })

  it('keeps addresses numbered in order, all in one bucket, and finds each in any case', () => {
    const table = new AddressTable()
    const numbered = (i: number) => `0xa${(i + 1).toString(16).padStart(39, '0')}`
    for (let i = 0; i < 5_000; i++) expect(table.add(1, numbered(i), i)).toBeUndefined()
    // Grown past its crowd, the table still finds the first entries, and the rest.
    for (let i = 0; i < 30; i++) table.add(1, `0x${(i + 7).toString(16).padStart(40, '7')}`, 10_000 + i)
    for (let i = 0; i < 5_000; i++) {
      expect(table.get(1, numbered(i).toUpperCase().replace('0X', '0x'))).toBe(i)
      expect(table.add(1, numbered(i).toUpperCase(), 20_000 + i)).toBe(i)
    }
    expect(table.get(1, numbered(5_000))).toBeUndefined()
    expect(table.size).toBe(5_030)
  })

  it('files text that is not a hex address by its lowercased text', () => {
    const table = new AddressTable()
    expect(table.add(1, 'not-an-address', 0)).toBeUndefined()
    expect(table.add(1, 'NOT-AN-ADDRESS', 1)).toBe(0)
    expect(table.add(1, '0X1234567Zzz', 2)).toBeUndefined()
    expect(table.get(1, '0x1234567zzz')).toBe(2)
    expect(table.size).toBe(2)
  })

  it('treats 0X and 0x, and any letter case, as one address', () => {
    const table = new AddressTable()
    table.add(1, USDC.replace('0x', '0X'), 5)
    expect(table.add(1, USDC.toLowerCase(), 6)).toBe(5)
    expect(table.get(1, USDC)).toBe(5)
  })
})
