import { describe, expect, it } from 'vitest'
import { findDuplicateKey } from './findDuplicateKey'

describe('findDuplicateKey', () => {
  it('finds a member named twice in one object, escapes decoded, and nothing else', () => {
    expect(findDuplicateKey('{"a":1,"b":{"a":2},"c":[{"a":3},{"a":4}]}')).toBeUndefined()
    expect(findDuplicateKey('{"a":1,"b":{"x":"\\"x\\":","x":2}}')).toBe('/b/x')
    expect(findDuplicateKey('{"c":[{"k":1},{"k":2,"\\u006b":3}]}')).toBe('/c/1/k')
    expect(findDuplicateKey('{"a/b":{"~":1,"~":2}}')).toBe('/a~1b/~0')
    expect(findDuplicateKey('[1,"a","a",{"a":{}}]')).toBeUndefined()
  })
})
