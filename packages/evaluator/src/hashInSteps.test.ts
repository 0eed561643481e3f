import { describe, expect, it } from 'vitest'
import { inMixedCase, syntheticOrg } from '../bench/org'
import { hashRequest } from './attestation'
import { canonicalJson } from './canonicalJson'
import { canonicalJsonInSteps, hashRequestInSteps } from './hashInSteps'
import { runToEnd } from './inSlices'

function stepsOf(value: unknown): { hash: string; pauses: number } {
  const steps = hashRequestInSteps(value)
  let pauses = 0
  for (;;) {
    const step = steps.next()
    if (step.done) return { hash: step.value, pauses }
    pauses++
  }
}

// [1, hole, hole, null, undefined]
const withHoles: unknown[] = [1]
withHoles[3] = null
withHoles.push(undefined)

describe('hashRequestInSteps and canonicalJsonInSteps', () => {
  it('hashes an organization as hashRequest does, pausing within its long lists', () => {
    const organization = inMixedCase(syntheticOrg(300, 9_000))
    const { hash, pauses } = stepsOf(organization)
    expect(hash).toBe(hashRequest(organization))
    // 9,000 accounts and as many assignments: a pause every 2,000 items, not one at the end.
    expect(pauses).toBeGreaterThanOrEqual(10)
  })

  it.each([
    ['an empty object', {}],
    ['members out of order, one undefined', { b: 1, a: [1, { d: 2, c: 3 }], u: undefined, e: 'é' }],
    [
      'keys JSON.parse makes own: "__proto__" and array indexes',
      JSON.parse('{"__proto__":[1],"2":{"z":1,"1":0},"a":[]}'),
    ],
    ['lists with holes and undefined items', { list: withHoles }],
    ['a member with toJSON, which canonical JSON ignores', { a: { toJSON: () => 'x', b: 1 }, c: [] }],
    ['keys past ASCII and lone surrogates', { é: 1, z: ['\ud800', '\u{1F600}'], Z: null }],
    ['not an object', [1, { b: 1, a: 2 }]],
    ['a string', 'text'],
    ['null', null],
  ])('hashes %s as hashRequest does', (_name, value) => {
    expect(runToEnd(hashRequestInSteps(value))).toBe(hashRequest(value))
    expect(runToEnd(canonicalJsonInSteps(value))).toBe(canonicalJson(value))
  })

  it('writes a log entry holding an organization as canonicalJson does, pausing within its lists', () => {
    const entry = {
      kind: 'entities.changed',
      change: { entities: syntheticOrg(50, 5_000), by: 'admin-api' },
      seq: 2,
    }
    const steps = canonicalJsonInSteps(entry)
    let pauses = 0
    let step = steps.next()
    for (; !step.done; step = steps.next()) pauses++
    expect(step.value).toBe(canonicalJson(entry))
    expect(pauses).toBeGreaterThanOrEqual(5)
  })
})
