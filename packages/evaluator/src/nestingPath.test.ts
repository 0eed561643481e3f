import { describe, expect, it } from 'vitest'
import { nestingPath } from './nestingPath'

const nest = (levels: number, leaf: unknown = 1): unknown => {
  let value = leaf
  for (let i = 0; i < levels; i++) value = { intents: [value] }
  return value
}

describe('nestingPath', () => {
  it('finds nothing in a value that nests no deeper than the bound', () => {
    expect(nestingPath({ a: 1, b: 'x', c: null }, 0)).toBeUndefined()
    expect(nestingPath(nest(2), 4)).toBeUndefined()
    expect(nestingPath('text', 0)).toBeUndefined()
  })

  it('points at the first value past the bound, with keys escaped', () => {
    expect(nestingPath({ a: 1, b: {} }, 0)).toBe('/b')
    expect(nestingPath(nest(3), 4)).toBe('/intents/0/intents/0/intents')
    expect(nestingPath({ 'a/b': { '~': [[]] } }, 2)).toBe('/a~1b/~0/0')
  })

  it('walks values nested deeper than the stack allows, and cyclic ones', () => {
    expect(nestingPath(nest(100_000), 64)?.split('/').length).toBe(66)
    const cyclic: Record<string, unknown> = { name: 'loop' }
    cyclic.self = cyclic
    expect(nestingPath(cyclic, 3)).toBe('/self/self/self/self')
  })
})
