import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parse } from '@humanwhocodes/momoa'
import { describe, expect, it } from 'vitest'
import {
  createSourceLocator,
  locateJsonPointer,
  locateJsonPointers,
  locateOffset,
  parseJsonPointer,
} from './sourceLocation'

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

describe('locateJsonPointers', () => {
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

  it('finds every value of a text where locateJsonPointer does', () => {
    for (const source of edgeCases) {
      const pointers = pointersOf(JSON.parse(source))
      const locate = createSourceLocator(source)
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

  it('agrees with locateJsonPointer on every value of every JSON fixture', () => {
    const root = fileURLToPath(new URL('../../../', import.meta.url))
    const files = [...jsonFiles(join(root, 'fixtures')), ...jsonFiles(join(root, 'policies/presets'))]
    expect(files.length).toBeGreaterThan(30)
    for (const file of files) {
      const source = readFileSync(file, 'utf8')
      const locate = createSourceLocator(source)
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
