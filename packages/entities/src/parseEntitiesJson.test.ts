import { describe, expect, it } from 'vitest'
import { parseEntitiesJson } from './parseEntitiesJson'
import { errorOf, readFixtureText } from './testFixtures'

describe('parseEntitiesJson', () => {
  it('parses a document', () => {
    expect(parseEntitiesJson('{"users": [{"id": "a", "role": "root"}]}')).toEqual({
      users: [{ id: 'a', role: 'root' }],
    })
  })

  it('reports invalid JSON with its line and column', () => {
    const error = errorOf(() => parseEntitiesJson('{\n  "users": [\n    {"id": "a",}\n  ]\n}'))
    expect(error).toMatchObject({ code: 'json.syntax', details: { line: 3, column: 16 } })
    expect(error.message).toMatch(/^invalid JSON: /)
    expect(errorOf(() => parseEntitiesJson(''))).toMatchObject({ code: 'json.syntax' })
    expect(errorOf(() => parseEntitiesJson('{"a": 1} trailing'))).toMatchObject({ code: 'json.syntax' })
  })

  it('locates a control character inside a string, which JSON does not allow', () => {
    const error = errorOf(() => parseEntitiesJson('{\n  "users": [{"id": "a\tb", "role": "root"}]\n}'))
    expect(error).toMatchObject({
      code: 'json.syntax',
      message: 'invalid JSON: Bad control character in string literal',
      details: { line: 2, column: 22 },
    })
    expect(errorOf(() => parseEntitiesJson('{"id": "line\r\nbreak"}')).details).toEqual({
      line: 1,
      column: 13,
    })
  })

  it('locates a text that ends too early where it ends', () => {
    expect(errorOf(() => parseEntitiesJson('{\n  "users": [\n')).details).toEqual({ line: 2, column: 13 })
    expect(errorOf(() => parseEntitiesJson('[[[[[')).details).toEqual({ line: 1, column: 6 })
    expect(errorOf(() => parseEntitiesJson('{"a":\r\n')).details).toEqual({ line: 1, column: 6 })
    // Deeper than momoa can follow.
    expect(errorOf(() => parseEntitiesJson(`[\n${'['.repeat(100_000)}`)).details).toEqual({
      line: 2,
      column: 100_001,
    })
  })

  it('parses bytes, dropping a byte-order mark, and refuses bytes that are not UTF-8 where they start', () => {
    expect(parseEntitiesJson(Buffer.from('\ufeff{"users": [{"id": "\u00e9", "role": "root"}]}'))).toEqual({
      users: [{ id: '\u00e9', role: 'root' }],
    })
    // Decoded with replacement, these two ids would both read as "a\ufffd(\ufffd\ufffd".
    const text = (bad: number[]) =>
      Uint8Array.from([
        ...Buffer.from('{\n  "users": [{"id": "a'),
        ...bad,
        ...Buffer.from('", "role": "root"}]\n}'),
      ])
    for (const bad of [
      [0xc3, 0x28, 0xff, 0xfe],
      [0xff, 0x28, 0xc3, 0xfe],
    ]) {
      expect(errorOf(() => parseEntitiesJson(text(bad)))).toMatchObject({
        code: 'json.invalid-utf8',
        details: { line: 2, column: 22, offset: 23 },
      })
    }
    expect(errorOf(() => parseEntitiesJson(text([0xc3, 0x28]), { maxBytes: 8 })).code).toBe('json.too-large')
  })

  it('rejects text larger than the bound before parsing it', () => {
    expect(errorOf(() => parseEntitiesJson('[1, 2, 3]', { maxBytes: 8 }))).toMatchObject({
      code: 'json.too-large',
      details: { limit: 8 },
    })
    // Counted in UTF-8 bytes: 3 characters, 9 bytes.
    expect(errorOf(() => parseEntitiesJson('"€€€"', { maxBytes: 10 }))).toMatchObject({
      code: 'json.too-large',
    })
  })

  it('rejects deep nesting without overflowing the stack, and says where', () => {
    const depth = 200_000
    const error = errorOf(() => parseEntitiesJson(`${'['.repeat(depth)}${']'.repeat(depth)}`))
    expect(error.code).toBe('json.too-deep')
    expect(error.path).toBe('/0'.repeat(64))
    expect(errorOf(() => parseEntitiesJson('{"a": {"b": {"c": 1}}}', { maxDepth: 2 }))).toMatchObject({
      code: 'json.too-deep',
      path: '/a/b',
    })
  })

  it('rejects member names that reach Object.prototype, wherever they are', () => {
    const error = errorOf(() => parseEntitiesJson(readFixtureText('invalid/forbidden-key.json')))
    expect(error).toMatchObject({ code: 'json.forbidden-key', path: '/credentials/0/key/__proto__' })
    expect(errorOf(() => parseEntitiesJson('{"users": [{"constructor": {}}]}'))).toMatchObject({
      code: 'json.forbidden-key',
      path: '/users/0/constructor',
    })
    expect(errorOf(() => parseEntitiesJson('{"a~b/c": {"prototype": 1}}')).path).toBe('/a~0b~1c/prototype')
    // Written with an escape, the name is the same once parsed.
    expect(errorOf(() => parseEntitiesJson('{"\\u005f_proto__": 1}')).code).toBe('json.forbidden-key')
    expect(({} as Record<string, unknown>).admin).toBeUndefined()
  })

  it('rejects a member named twice in one object, which JSON.parse reads as its last and a reader of the file as its first', () => {
    // The second role wins in JSON.parse (and so in Rampart): Bob reads as a member here, and is root.
    const text = '{\n  "users": [\n    { "id": "bob", "role": "member",\n      "role": "root" }\n  ]\n}'
    expect(errorOf(() => parseEntitiesJson(text))).toMatchObject({
      code: 'json.duplicate-key',
      path: '/users/0/role',
      message: 'member name "role" appears twice in one object',
    })
    expect(errorOf(() => parseEntitiesJson('{"users": [], "tokens": [], "users": []}')).path).toBe('/users')
    expect(errorOf(() => parseEntitiesJson('{"a/b": {"~": 1, "\\u007e": 2}}')).path).toBe('/a~1b/~0')
    expect(parseEntitiesJson('{"users": [{"id": "a"}, {"id": "b"}], "id": "c"}')).toBeTruthy()
  })

  it('accepts what its quick scan leaves to the exact checks: escaped names, objects with many members', () => {
    expect(parseEntitiesJson('{"\\u0061": 1, "b": 2}')).toEqual({ a: 1, b: 2 })
    const many = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`m${i}`, i]))
    expect(parseEntitiesJson(JSON.stringify({ users: [many] }))).toEqual({ users: [many] })
    const repeated = `{"users": [${JSON.stringify(many).slice(0, -1)}, "m39": 0}]}`
    expect(errorOf(() => parseEntitiesJson(repeated)).path).toBe('/users/0/m39')
  })

  it('accepts those words as values and ids', () => {
    expect(parseEntitiesJson('{"users": [{"id": "__proto__", "role": "constructor"}]}')).toEqual({
      users: [{ id: '__proto__', role: 'constructor' }],
    })
  })
})
