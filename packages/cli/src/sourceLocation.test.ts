import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { momoaLocator } from '../test/momoaLocator'
import { locateJsonPointers, locateOffset, parseJsonPointer } from './sourceLocation'

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

describe('locateJsonPointers', () => {
  const locate = (source: string, pointer: string) => locateJsonPointers(source, [pointer])[0]

  it('finds member values and array elements', () => {
    expect(locateJsonPointers(text, ['/users/1/role', '/users/0', '/a~1b/~0x/1'])).toEqual([
      { line: 4, column: 28 },
      { line: 3, column: 5 },
      { line: 6, column: 23 },
    ])
  })

  it('stops at the deepest value that exists', () => {
    expect(locate(text, '/users/1/name')).toEqual({ line: 4, column: 5 })
    expect(locate(text, '/users/9')).toEqual({ line: 2, column: 12 })
    expect(locate(text, '')).toEqual({ line: 1, column: 1 })
  })

  it('uses the last of duplicate names, like JSON.parse', () => {
    expect(locate('{"a": 1,\n"a": 2}', '/a')).toEqual({ line: 2, column: 6 })
    const wide = `{"a": 1,${Array.from({ length: 40 }, (_, i) => `"x${i}": ${i}`).join(',')},\n"a": 2}`
    expect(locate(wide, '/a')).toEqual({ line: 2, column: 6 })
  })

  it('finds every member of a wide object in one pass', () => {
    const width = 2000
    const wide = `{${Array.from({ length: width }, (_, i) => `"x${i}": ${i}`).join(',\n')}}`
    const pointers = Array.from({ length: width }, (_, i) => `/x${i}`)
    expect(locateJsonPointers(wide, pointers)).toEqual(
      pointers.map((_, i) => ({ line: i + 1, column: (i === 0 ? 7 : 6) + `${i}`.length })),
    )
  })

  it('locates everything at 1:1 when the text does not parse', () => {
    expect(locate('{"a": ', '/a')).toEqual({ line: 1, column: 1 })
  })
})

/** The pointer of every value in a parsed document, and one past each, as issues about missing members have. */
function pointersOf(value: unknown, pointer = ''): string[] {
  const pointers = [pointer, `${pointer}/missing`]
  if (typeof value === 'object' && value !== null) {
    for (const [key, child] of Object.entries(value)) {
      pointers.push(...pointersOf(child, `${pointer}/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`))
    }
  }
  return pointers
}

function jsonFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return jsonFiles(path)
    return entry.name.endsWith('.json') ? [path] : []
  })
}

describe('locateJsonPointers against momoa', () => {
  const edgeCases = [
    text,
    '{"a": 1,\n"a": 2}',
    '{"a": {"x": 1}, "a": {"y": 2}}',
    '{"a": {"x": 1},\r\n "a": [10, {"x": "\\\\"}],\r "b": "}]\\"{["}',
    '{"us\\u0065rs": [{"i\\"d": "😀😀", "role": "root"}], "\\u00e9": {"\\/": [[], {}, [[1]], ""]}}',
    '\t[\n\t1,\t-2.5e+3 , true,false ,null,"x\\\\",{"":{"":0}}]',
    '{"a~b/c": {"~": [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]}}',
    '  "just a string"  ',
    '42',
  ]

  it('finds every value of a text where momoa does', () => {
    for (const source of edgeCases) {
      const pointers = pointersOf(JSON.parse(source))
      const locate = momoaLocator(source)
      expect({ source, at: locateJsonPointers(source, pointers) }).toEqual({
        source,
        at: pointers.map((pointer) => locate(pointer)),
      })
      // Asked alone, a pointer has every other value skipped.
      for (const pointer of pointers) {
        expect({ source, pointer, at: locateJsonPointers(source, [pointer]) }).toEqual({
          source,
          pointer,
          at: [locate(pointer)],
        })
      }
    }
  })

  it('agrees with momoa on every value of every JSON fixture', () => {
    const root = fileURLToPath(new URL('../../../', import.meta.url))
    const files = [...jsonFiles(join(root, 'fixtures')), ...jsonFiles(join(root, 'policies/presets'))]
    expect(files.length).toBeGreaterThan(30)
    for (const file of files) {
      const source = readFileSync(file, 'utf8')
      const locate = momoaLocator(source)
      const all = pointersOf(JSON.parse(source))
      // Every value, then a few, so that most of the document is skipped.
      for (const pointers of [all, all.filter((_, k) => k % 97 === 0)]) {
        const located = locateJsonPointers(source, pointers)
        const differences = pointers.filter(
          (pointer, k) => JSON.stringify(located[k]) !== JSON.stringify(locate(pointer)),
        )
        expect({ file, differences }).toEqual({ file, differences: [] })
      }
    }
  })
})

describe('locateOffset', () => {
  it('turns an offset into a 1-based line and column', () => {
    expect(locateOffset('ab\ncd\nef', 0)).toEqual({ line: 1, column: 1 })
    expect(locateOffset('ab\ncd\nef', 4)).toEqual({ line: 2, column: 2 })
    expect(locateOffset('ab\ncd\nef', 6)).toEqual({ line: 3, column: 1 })
  })
})
