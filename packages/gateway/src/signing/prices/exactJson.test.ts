import { describe, expect, it } from 'vitest'
import { decimalOf, parseExactJson } from './exactJson'

describe('parseExactJson', () => {
  it('keeps every number as its text, and strings as they are', () => {
    expect(
      parseExactJson('{"a":3012.123456789012345678,"b":[1,-2e3],"c":"x:1, \\"y\\": 2","d":true,"e":null}'),
    ).toEqual({ a: '3012.123456789012345678', b: ['1', '-2e3'], c: 'x:1, "y": 2', d: true, e: null })
  })

  it('throws on malformed JSON', () => {
    expect(() => parseExactJson('{"a":}')).toThrow(SyntaxError)
    expect(() => parseExactJson('{"a":1.2.3}')).not.toThrow()
  })
})

describe('decimalOf', () => {
  it('writes a non-negative JSON number as a plain decimal', () => {
    expect(decimalOf('3000')).toBe('3000')
    expect(decimalOf('3000.50')).toBe('3000.5')
    expect(decimalOf('2.8E+3')).toBe('2800')
    expect(decimalOf('1.5e-7')).toBe('0.00000015')
    expect(decimalOf('0.000')).toBe('0')
    expect(decimalOf('0.1')).toBe('0.1')
  })

  it('refuses what is no price', () => {
    for (const text of ['-1', '1.2.3', 'abc', '01', '1e-30', '1e400', '', undefined, 3])
      expect(decimalOf(text)).toBeUndefined()
  })
})
