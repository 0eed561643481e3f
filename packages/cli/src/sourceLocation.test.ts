import { parse } from '@humanwhocodes/momoa'
import { describe, expect, it } from 'vitest'
import { createSourceLocator, locateJsonPointer, locateOffset, parseJsonPointer } from './sourceLocation'

const text = `{
  "users": [
    { "id": "alice", "role": "root" },
    { "id": "bob", "role": "chief" }
  ],
  "a/b": { "~x": [10, 20] }
}`

describe('parseJsonPointer', () => {
  it('unescapes ~1 and ~0 in that order', () => {
    expect(parseJsonPointer('/a~1b/~0x/~01')).toEqual(['a/b', '~x', '~1'])
    expect(parseJsonPointer('')).toEqual([])
  })
})

describe('createSourceLocator', () => {
  const locate = createSourceLocator(text)

  it('finds member values and array elements', () => {
    expect(locate('/users/1/role')).toEqual({ line: 4, column: 28 })
    expect(locate('/users/0')).toEqual({ line: 3, column: 5 })
    expect(locate('/a~1b/~0x/1')).toEqual({ line: 6, column: 23 })
  })

  it('stops at the deepest value that exists', () => {
    expect(locate('/users/1/name')).toEqual({ line: 4, column: 5 })
    expect(locate('/users/9')).toEqual({ line: 2, column: 12 })
    expect(locate('')).toEqual({ line: 1, column: 1 })
  })

  it('uses the last of duplicate names, like JSON.parse', () => {
    expect(createSourceLocator('{"a": 1,\n"a": 2}')('/a')).toEqual({ line: 2, column: 6 })
    const wide = `{"a": 1,${Array.from({ length: 40 }, (_, i) => `"x${i}": ${i}`).join(',')},\n"a": 2}`
    expect(createSourceLocator(wide)('/a')).toEqual({ line: 2, column: 6 })
  })

  it('finds members of a wide object in time linear in its size, however many issues it has', () => {
    const width = 2000
    const wide = `{${Array.from({ length: width }, (_, i) => `"x${i}": ${i}`).join(',\n')}}`
    const document = parse(wide, { mode: 'json', ranges: false, tokens: false })
    if (document.body.type !== 'Object') throw new Error('not an object')
    // Counts each read of a member, the work a lookup does.
    let reads = 0
    document.body.members = new Proxy(document.body.members, {
      get(target, key, receiver) {
        if (typeof key === 'string' && /^\d+$/.test(key)) reads++
        return Reflect.get(target, key, receiver)
      },
    })
    for (let i = 0; i < width; i++) {
      expect(locateJsonPointer(document, `/x${i}`)).toEqual({
        line: i + 1,
        column: (i === 0 ? 7 : 6) + `${i}`.length,
      })
    }
    expect(reads).toBeLessThan(4 * width)
  })

  it('locates everything at 1:1 when the text does not parse', () => {
    expect(createSourceLocator('{"a": ')('/a')).toEqual({ line: 1, column: 1 })
  })
})

describe('locateOffset', () => {
  it('turns an offset into a 1-based line and column', () => {
    expect(locateOffset('ab\ncd\nef', 0)).toEqual({ line: 1, column: 1 })
    expect(locateOffset('ab\ncd\nef', 4)).toEqual({ line: 2, column: 2 })
    expect(locateOffset('ab\ncd\nef', 6)).toEqual({ line: 3, column: 1 })
  })
})
