import { describe, expect, it } from 'vitest'
import { nulCharacterAt } from './nulCharacter'

describe('nulCharacterAt', () => {
  it('points at the first string value or member name holding U+0000', () => {
    expect(nulCharacterAt({ data: 'a\u0000b' })).toBe('/data')
    expect(nulCharacterAt({ list: ['ok', { 'a/b': 'x\u0000' }] })).toBe('/list/1/a~1b')
    expect(nulCharacterAt({ nested: { 'na\u0000me': 1 } })).toBe('/nested/na\u0000me')
    expect(nulCharacterAt('\u0000')).toBe('')
  })

  it('finds none in bodies without one, whatever they hold', () => {
    expect(nulCharacterAt({ a: '\\u0000', b: [1, true, null], c: { d: 'text' } })).toBeUndefined()
    expect(nulCharacterAt(42)).toBeUndefined()
  })
})
