import { uniformFloat64 } from 'pure-rand/distribution/uniformFloat64'
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus'
import { describe, expect, it } from 'vitest'
import { findDuplicateKey } from './findDuplicateKey'
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

  it('finds where strings end past escapes met anywhere before, and still compares the names after them', () => {
    expect(scanJsonText('{"a":"x\\\\","b":"\\"","a":1}', 64)).toBe(false)
    expect(scanJsonText('{"v":"\\"a\\":1","a":2,"w":"\\\\"}', 64)).toBe(true)
    expect(scanJsonText('["\\"]", {"a":1,"b":{"a":"\\\\\\""},"a":2}', 64)).toBe(false)
    expect(scanJsonText('{"a":"\\\\","b":1,"c":{"d":"\\u0022"},"b\\"":2}', 64)).toBe(false)
  })

  it('leaves nesting deeper than it follows to the exact checks, whatever the bound', () => {
    const deep = `${'['.repeat(300)}${']'.repeat(300)}`
    expect(scanJsonText(deep, 1000)).toBe(false)
    expect(scanJsonText(`${'['.repeat(200)}${']'.repeat(200)}`, 1000)).toBe(true)
    expect(scanJsonText('{"a":1,"a":2}', Number.NaN)).toBe(false)
    expect(scanJsonText('[1]', -1)).toBe(false)
  })

  it('says true only of texts the exact checks find nothing in (random names, escapes and nesting)', () => {
    const next = random(24)
    const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!
    const names = ['a', 'b', 'ab', 'ba', 'a\\"', '\\u0061', 'constructor', 'prototyp', '__proto__', '']
    const value = (depth: number): string => {
      const roll = next()
      if (depth > 4 || roll < 0.4) return pick(['1', '"x"', '"\\\\"', '"a\\"b"', 'null'])
      if (roll < 0.6)
        return `[${Array.from({ length: Math.floor(next() * 3) }, () => value(depth + 1)).join(',')}]`
      const members = Array.from(
        { length: Math.floor(next() * 4) },
        () => `"${pick(names)}":${value(depth + 1)}`,
      )
      return `{${members.join(',')}}`
    }
    let vouched = 0
    for (let round = 0; round < 2000; round++) {
      const text = value(0)
      const parsed = JSON.parse(text)
      if (!scanJsonText(text, 4)) continue
      vouched++
      expect(findDuplicateKey(text), text).toBeUndefined()
      expect(depthOf(parsed), text).toBeLessThanOrEqual(4)
      expect(JSON.stringify(parsed), text).not.toMatch(/"(__proto__|constructor|prototype)":/)
    }
    expect(vouched).toBeGreaterThan(200)
  })
})

function random(seed: number): () => number {
  const rng = xoroshiro128plus(seed)
  return () => uniformFloat64(rng)
}

/** How many arrays and objects nest in a value, the outermost counted. */
function depthOf(value: unknown): number {
  if (typeof value !== 'object' || value === null) return 0
  const children = Object.values(value)
  return 1 + (children.length === 0 ? 0 : Math.max(...children.map(depthOf)))
}
