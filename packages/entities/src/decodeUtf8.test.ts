import { describe, expect, it } from 'vitest'
import { decodeUtf8 } from './decodeUtf8'
import { errorOf } from './testFixtures'

/** The bytes of `before`, then `bad`, then `after`. */
const bytes = (before: string, bad: number[], after = '') =>
  Uint8Array.from([...Buffer.from(before), ...bad, ...Buffer.from(after)])

describe('decodeUtf8', () => {
  it('decodes UTF-8, a byte-order mark and a U+FFFD written as EF BF BD included', () => {
    expect(decodeUtf8(Buffer.from('\ufeff{"id": "caf\u00e9 \ufffd \u{1f600}"}'))).toBe(
      '\ufeff{"id": "caf\u00e9 \ufffd \u{1f600}"}',
    )
  })

  it('refuses c3 28 ff fe inside an id, at the line and column of the first bad byte', () => {
    const error = errorOf(() =>
      decodeUtf8(bytes('{\n  "users": [{"id": "a', [0xc3, 0x28, 0xff, 0xfe], '"}]\n}')),
    )
    expect(error).toMatchObject({
      code: 'json.invalid-utf8',
      message: 'invalid UTF-8: the bytes at offset 23 (c3 28 ff fe) are not a UTF-8 character',
      details: { line: 2, column: 22, offset: 23 },
    })
  })

  it('counts columns in UTF-16 code units after valid non-ASCII text and a real U+FFFD, lines as CR LF, LF or CR', () => {
    // é is 2 bytes and 1 unit, 😀 4 bytes and 2 units, U+FFFD 3 bytes and 1 unit.
    const error = errorOf(() => decodeUtf8(bytes('{\r\n"\u00e9\u{1f600}\ufffd', [0xff])))
    expect(error.details).toEqual({ line: 2, column: 6, offset: 13 })
    expect(errorOf(() => decodeUtf8(bytes('a\rb\r\nc\nd', [0x80]))).details).toEqual({
      line: 4,
      column: 2,
      offset: 8,
    })
  })

  it('does not count a leading byte-order mark in the column', () => {
    expect(errorOf(() => decodeUtf8(bytes('\ufeff{"id": "', [0xc3, 0x28]))).details).toEqual({
      line: 1,
      column: 9,
      offset: 11,
    })
  })

  it('refuses overlong forms, encoded surrogates and a sequence cut off at the end', () => {
    for (const [bad, offset] of [
      [[0xc0, 0xaf], 3],
      [[0xed, 0xa0, 0x80], 3],
      [[0xf0, 0x9f, 0x98], 3],
    ] as const) {
      expect(errorOf(() => decodeUtf8(bytes('"ab', [...bad]))).details.offset).toBe(offset)
    }
  })
})
