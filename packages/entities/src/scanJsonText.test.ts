import { describe, expect, it } from 'vitest'
import { scanJsonText } from './scanJsonText'

describe('scanJsonText', () => {
  it('vouches for a text without problems, names repeated only across objects', () => {
    expect(scanJsonText('{"a":{"a":1,"b":[{"a":"{\\"a\\":"}]},"b":{"a":2},"c":"x:y"}', 64)).toBe(true)
    expect(scanJsonText('[{"id":"u"},{"id":"v"}]', 64)).toBe(true)
    expect(scanJsonText('"just a string"', 0)).toBe(true)
  })

  it('does not vouch for a member named twice, at any depth, once its nested objects closed', () => {
    expect(scanJsonText('{"a":1,"a":2}', 64)).toBe(false)
    expect(scanJsonText('{"a":{"b":1},"c":[1,{"d":2}],"a":3}', 64)).toBe(false)
    expect(scanJsonText('[{"x":1},{"y":{"z":1,"z" : 2}}]', 64)).toBe(false)
  })

  it('does not vouch for a forbidden name or nesting past the bound', () => {
    for (const name of ['__proto__', 'constructor', 'prototype']) {
      expect(scanJsonText(`{"k":{"${name}":1}}`, 64)).toBe(false)
    }
    expect(scanJsonText('{"__proto":1,"constructors":2,"Prototype":3}', 64)).toBe(true)
    expect(scanJsonText('[[[]]]', 3)).toBe(true)
    expect(scanJsonText('[[[[]]]]', 3)).toBe(false)
    expect(scanJsonText('{"a":{}}', 1)).toBe(false)
  })

  it('leaves escaped names and objects with many members to the exact checks', () => {
    expect(scanJsonText('{"\\u0061":1}', 64)).toBe(false)
    expect(scanJsonText('{"a":"\\\\","b":"\\"}"}', 64)).toBe(true)
    const many = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`m${i}`, i]))
    expect(scanJsonText(JSON.stringify(many), 64)).toBe(false)
  })
})
