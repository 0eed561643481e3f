import { describe, expect, it } from 'vitest'
import { findDuplicateKey } from './findDuplicateKey'

describe('findDuplicateKey', () => {
  it('finds a member named twice in one object, escapes decoded, and nothing else', () => {
    expect(findDuplicateKey('{"a":1,"b":{"a":2},"c":[{"a":3},{"a":4}]}')).toBeUndefined()
    expect(findDuplicateKey('{"a":1,"b":{"x":"\\"x\\":","x":2}}')).toBe('/b/x')
    expect(findDuplicateKey('{"c":[{"k":1},{"k":2,"\\u006b":3}]}')).toBe('/c/1/k')
    expect(findDuplicateKey('{"a/b":{"~":1,"~":2}}')).toBe('/a~1b/~0')
    expect(findDuplicateKey('[1,"a","a",{"a":{}}]')).toBeUndefined()
    // Backslashes before a quote: an even run ends the string, an odd run escapes the quote.
    expect(findDuplicateKey('{"a\\\\":1,"a\\\\":2}')).toBe('/a\\')
    expect(findDuplicateKey('{"x\\"y":1,"x\\"y":2}')).toBe('/x"y')
  })

  it('goes on past the members of a container that closed, at any depth', () => {
    expect(findDuplicateKey('[{"a":1},{"a":1}]')).toBeUndefined()
    expect(findDuplicateKey('{"o":{"a":1},"p":{"a":1,"b":[{"a":1}],"a":2}}')).toBe('/p/a')
    // Past 16 members an object's names go in a set.
    const many = Array.from({ length: 40 }, (_, i) => `"k${i}":${i}`).join(',')
    expect(findDuplicateKey(`{"big":{${many}},"x":{${many},"k39":0}}`)).toBe('/x/k39')
    expect(findDuplicateKey(`[{${many}},{${many}}]`)).toBeUndefined()
  })
})
