import { describe, expect, it } from 'vitest'
import { canonicalJson } from './canonicalJson'

describe('canonicalJson', () => {
  it('sorts keys recursively and keeps array order', () => {
    expect(canonicalJson({ b: [3, { d: 1, c: 2 }], a: 'x' })).toBe('{"a":"x","b":[3,{"c":2,"d":1}]}')
  })

  it('drops undefined members and writes primitives as JSON', () => {
    expect(canonicalJson({ a: undefined, b: null, c: true, d: 1.5, e: 'é"' })).toBe(
      '{"b":null,"c":true,"d":1.5,"e":"é\\""}',
    )
  })

  it('orders keys by UTF-16 code units, as RFC 8785 does (an astral character sorts before U+FFFF)', () => {
    const value = { '\uffff': 1, '😀': 2, é: 3, z: 4, Z: 5, '': 6 }
    expect(canonicalJson(value)).toBe('{"":6,"Z":5,"z":4,"é":3,"😀":2,"\uffff":1}')
    expect(canonicalJson([undefined, [], {}])).toBe('[null,[],{}]')
  })
})
