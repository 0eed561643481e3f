import { uniformFloat64 } from 'pure-rand/distribution/uniformFloat64'
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus'
import { describe, expect, it } from 'vitest'
import { northwind } from './testFixtures'
import { loadEntities, validateEntities } from './validateEntities'

/** A seeded generator of numbers in [0, 1), so that a failure replays exactly. */
function random(seed: number): () => number {
  const rng = xoroshiro128plus(seed)
  return () => uniformFloat64(rng)
}

const replacements: unknown[] = [
  null,
  0,
  -1,
  1.5,
  Number.MAX_SAFE_INTEGER + 2,
  '',
  '__proto__',
  'constructor',
  '0x',
  'eip155:1/erc20:0x',
  [],
  [null],
  {},
  { kty: 'EC' },
  true,
]

/** Picks a random container and member in a document and replaces or deletes it. */
function mutate(doc: unknown, next: () => number): void {
  let node = doc as Record<string, unknown>
  for (let depth = 0; depth < 6; depth++) {
    const keys = Object.keys(node)
    if (keys.length === 0) return
    const key = keys[Math.floor(next() * keys.length)]!
    const child = node[key]
    if (typeof child === 'object' && child !== null && next() < 0.7) {
      node = child as Record<string, unknown>
      continue
    }
    if (next() < 0.15 && !Array.isArray(node)) delete node[key]
    else node[key] = structuredClone(replacements[Math.floor(next() * replacements.length)])
    return
  }
}

describe('validateEntities on damaged documents', () => {
  it('reports issues with a code, a severity and a pointer, and never throws', () => {
    const next = random(20_251_121)
    const base = northwind()
    let invalid = 0
    for (let round = 0; round < 300; round++) {
      const doc = structuredClone(base)
      const mutations = 1 + Math.floor(next() * 4)
      for (let i = 0; i < mutations; i++) mutate(doc, next)
      const result = validateEntities(doc)
      if (!result.valid) invalid++
      for (const issue of result.issues) {
        expect(issue.code).toMatch(/^[a-z][\w.-]*$/)
        expect(['error', 'warning']).toContain(issue.severity)
        expect(issue.path === '' || issue.path.startsWith('/')).toBe(true)
        expect(issue.message).not.toBe('')
      }
      const loaded = loadEntities(doc)
      expect(loaded.valid).toBe(result.valid)
      expect(loaded.index !== undefined).toBe(result.valid)
    }
    // The damage is real: almost every round breaks the document.
    expect(invalid).toBeGreaterThan(240)
  })
})
