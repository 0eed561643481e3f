import { describe, expect, it } from 'vitest'
import { IdTable } from './idTable'

describe('IdTable', () => {
  it('finds ids in any letter case and keeps the first entry', () => {
    const table = new IdTable()
    expect(table.add('Treasury-Ops-0042', 0)).toBeUndefined()
    expect(table.add('treasury-ops-0043', 1)).toBeUndefined()
    expect(table.add('TREASURY-OPS-0042', 2)).toBe(0)
    expect(table.get('treasury-OPS-0042')).toBe(0)
    expect(table.get('Treasury-Ops-0043')).toBe(1)
    expect(table.get('Treasury-Ops-004')).toBeUndefined()
    expect(table.get('')).toBeUndefined()
    expect(table.size).toBe(2)
  })

  it('compares as toLowerCase does past ASCII', () => {
    const table = new IdTable()
    // KELVIN SIGN lowercases to an ASCII k; the dotted capital I to two code units.
    expect(table.add('\u212Aey', 0)).toBeUndefined()
    expect(table.get('KEY')).toBe(0)
    expect(table.add('\u0130stanbul', 1)).toBeUndefined()
    expect(table.get('i\u0307STANBUL')).toBe(1)
    expect(table.get('istanbul')).toBeUndefined()
    expect(table.add('Ünïcode', 2)).toBeUndefined()
    expect(table.get('üNÏCODE')).toBe(2)
    // Folding stops at A to Z: '@' and '`' differ by the same bit as 'A' and 'a'.
    expect(table.add('@', 3)).toBeUndefined()
    expect(table.get('`')).toBeUndefined()
  })

  it('grows past its expected size and still finds every id', () => {
    const table = new IdTable(4)
    for (let i = 0; i < 10_000; i++) expect(table.add(`User-${i}`, i)).toBeUndefined()
    for (let i = 0; i < 10_000; i++) expect(table.get(`USER-${i}`)).toBe(i)
    expect(table.size).toBe(10_000)
  })

  it('finds many ids at once as get does one at a time', () => {
    // Ids in other cases, ids past ASCII, empty texts, ids not there.
    const spellings = (i: number) => [`Vault-${i}`, `\u212Aey-${i}`, `Ünï-${i}`]
    const table = new IdTable()
    for (let i = 0; i < 3_000; i++) table.add(spellings(Math.floor(i / 3))[i % 3]!, i)
    // Two thirds of them are in the table.
    const wanted = Array.from({ length: 1_500 }, (_, i) => spellings(i)[i % 3]!.toUpperCase())
    wanted.push('vault-1', 'KEY-2', 'ünï-3', 'nobody', '')
    const positions = new Int32Array(wanted.length)
    table.getAll(wanted, positions)
    expect([...positions]).toEqual(wanted.map((id) => table.get(id) ?? -1))
    expect(positions.filter((at) => at >= 0).length).toBeGreaterThan(wanted.length / 2)
  })
})
