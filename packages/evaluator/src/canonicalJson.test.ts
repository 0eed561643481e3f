import { readdirSync, readFileSync } from 'node:fs'
import canonicalize from 'canonicalize'
import { uniformFloat64 } from 'pure-rand/distribution/uniformFloat64'
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus'
import { describe, expect, it } from 'vitest'
import { canonicalJson, canonicalJsonByParts } from './canonicalJson'

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

  it('writes array-index keys and __proto__ in code-unit order too', () => {
    const parsed = JSON.parse('{"b":1,"10":2,"9":3,"a":{"__proto__":{"z":1,"y":2}},"__proto__":0}')
    expect(canonicalJson(parsed)).toBe('{"10":2,"9":3,"__proto__":0,"a":{"__proto__":{"y":2,"z":1}},"b":1}')
    expect(canonicalJson(JSON.parse('{"x":{"__proto__":{"b":1,"a":2}}}'))).toBe(
      '{"x":{"__proto__":{"a":2,"b":1}}}',
    )
    expect(canonicalJson({ only: { 7: 'a' } })).toBe('{"only":{"7":"a"}}')
  })

  it('writes a lone surrogate as its escape, where RFC 8785 would refuse the value, so every request hashes', () => {
    const value = JSON.parse('{"message":"\\ud800x"}')
    expect(() => canonicalize(value)).toThrow(/surrogate/)
    expect(canonicalJson(value)).toBe('{"message":"\\ud800x"}')
    expect(canonicalJsonByParts(value)).toBe('{"message":"\\ud800x"}')
  })

  it('leaves the value it is given as it was', () => {
    const value = { b: [{ d: 1, c: 2 }], a: { y: 1, x: 2 } }
    const before = JSON.stringify(value)
    canonicalJson(value)
    expect(JSON.stringify(value)).toBe(before)
  })
})

/** A random JSON value: objects with keys in any order (some index-like, some needing escapes), arrays, strings, numbers. */
function randomJson(random: () => number, depth: number): unknown {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T
  const strings = [
    '',
    'a',
    'Z',
    'é',
    '😀',
    '\uffff',
    'line\nbreak',
    'quote"',
    'back\\slash',
    '\u0001',
    'é"\t',
    '0x1F',
  ]
  const keys = [
    ...strings,
    '0',
    '1',
    '10',
    '9',
    '01',
    '-1',
    '1.5',
    '4294967295',
    '4294967294',
    '__proto__',
    'type',
    'to',
  ]
  const kind = depth <= 0 ? Math.floor(random() * 4) : Math.floor(random() * 6)
  switch (kind) {
    case 0:
      return pick(strings) + (random() < 0.3 ? String(Math.floor(random() * 1000)) : '')
    case 1:
      return pick([
        0,
        -0,
        1,
        -1,
        1.5,
        1e21,
        1e-7,
        123456789012345680000,
        0.1 + 0.2,
        Number.MAX_SAFE_INTEGER,
        2 ** -1074,
      ])
    case 2:
      return pick([true, false, null])
    case 3:
      return []
    case 4:
      return Array.from({ length: Math.floor(random() * 4) }, () => randomJson(random, depth - 1))
    default: {
      const entries: [string, unknown][] = []
      for (let i = Math.floor(random() * 6); i > 0; i--)
        entries.push([pick(keys), randomJson(random, depth - 1)])
      // Through JSON text, as a request arrives: "__proto__" becomes an own key there.
      return JSON.parse(`{${entries.map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`).join(',')}}`)
    }
  }
}

/** A seeded generator of numbers in [0, 1), so that a failure replays exactly. */
function generator(seed: number): () => number {
  const rng = xoroshiro128plus(seed)
  return () => uniformFloat64(rng)
}

// The reference is the `canonicalize` package, an independent implementation of RFC 8785: both of Rampart's
// serializations (the fast one, and the one by parts it falls back to) must write what it writes.
describe('canonicalJson against RFC 8785 as the canonicalize package writes it', () => {
  it('agrees on random JSON values', () => {
    const random = generator(8785)
    for (let i = 0; i < 3000; i++) {
      const value = randomJson(random, 4)
      const reference = canonicalize(value)
      expect(canonicalJson(value), JSON.stringify(value)).toBe(reference)
      expect(canonicalJsonByParts(value), JSON.stringify(value)).toBe(reference)
    }
  })

  it('agrees on every request fixture', () => {
    const dir = new URL('../../../fixtures/requests/', import.meta.url)
    const files = readdirSync(dir).filter((name) => name.endsWith('.json'))
    expect(files.length).toBeGreaterThan(10)
    for (const name of files) {
      const value = JSON.parse(readFileSync(new URL(name, dir), 'utf8'))
      const reference = canonicalize(value)
      expect(canonicalJson(value), name).toBe(reference)
      expect(canonicalJsonByParts(value), name).toBe(reference)
    }
  })
})
