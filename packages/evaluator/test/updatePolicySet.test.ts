// A policy set updated in place (updatePolicySet.ts) is the set preparePolicySet makes of the same policies, up to
// where its policies sit: after any sequence of random edits (seeded), its buckets hold the same policies, in the
// same order, with the same criteria, limits and needs; the patches turn the loaded data into the new set's and the
// undo patches turn it back; and a rollback leaves the old set as it was.
import { describe, expect, it } from 'vitest'
import { benchPolicies } from '../bench/org'
import type { Policy } from '../src'
import { librarySet } from '../src/evaluationState'
import type { DataPatch } from '../src/patchPolicyData'
import type { PreparedPolicySet } from '../src/preparePolicies'
import { BUILTIN_PRESETS } from '../src/presets'
import { preparePolicySet, updatePolicySet } from '../src/updatePolicySet'
import { policies as northwind, USDC } from './northwind'
import { applyPatches, seededRandom } from './testHelpers'

/** Policies of every kind: the bench's, Northwind's and the built-in presets' (calls, time, limits, approvals). */
const POOL: Policy[] = [
  ...benchPolicies().slice(0, 12),
  ...benchPolicies('USD').slice(36, 52),
  ...northwind,
  ...BUILTIN_PRESETS.flatMap((preset) => preset.policies),
].map((policy, i) => ({ ...policy, id: `p${i}` }))

const TOKEN = `eip155:1/erc20:${USDC.toLowerCase()}`

/** Whole numbers in [0, n) from a seeded generator. */
const random = (seed: number) => {
  const next = seededRandom(seed)
  return (n: number) => Math.floor(next(n))
}

/** The set as the policy library and the evaluator read it, with each slot named by its rank among the policies. */
function canonical(set: PreparedPolicySet): unknown {
  const rank = new Map<number, number>()
  set.policies.forEach((policy, slot) => {
    if (policy) rank.set(slot, rank.size)
  })
  const ranked = (value: unknown) =>
    JSON.parse(
      JSON.stringify(value).replace(
        /"(org\/)(\d+)\//g,
        (_, name, slot) => `"${name}${rank.get(Number(slot))}/`,
      ),
    )
  const buckets: Record<string, unknown> = {}
  const ids = new Set<string>()
  for (const [action, byIntent] of Object.entries(set.index))
    for (const [intentKey, byScope] of Object.entries(byIntent))
      for (const [principal, byResource] of Object.entries(byScope)) {
        expect(Object.keys(byResource).length).toBeGreaterThan(0)
        for (const [resource, bucket] of Object.entries(byResource)) {
          expect(set.buckets[bucket.id]).toBe(bucket)
          ids.add(bucket.id)
          const { id: _, policies, ...needs } = bucket
          buckets[`${action} ${intentKey} ${principal} ${resource}`] = ranked({
            ...needs,
            policies: policies.map(([slot, criteria]) => [rank.get(slot), criteria]),
          })
        }
      }
  expect(new Set(Object.keys(set.buckets))).toEqual(ids)
  return { policies: set.policies.filter((policy) => policy !== undefined), buckets }
}

const apply = applyPatches

const loaded = (set: PreparedPolicySet) => JSON.parse(JSON.stringify({ sets: { org: librarySet(set) } }))

/** A random edit of a list of policies: one changed, added, removed, moved, or described anew. */
function edit(rand: (n: number) => number, policies: Policy[], next: { id: number }): Policy[] {
  const out = [...policies]
  const at = rand(out.length + 1)
  const other = POOL[rand(POOL.length)] as Policy
  const kind = out.length === 0 ? 1 : rand(5)
  const target = out[Math.min(at, out.length - 1)] as Policy
  if (kind === 0) out[out.indexOf(target)] = { ...other, id: target.id }
  else if (kind === 1) out.splice(at, 0, { ...other, id: `new-${next.id++}` })
  else if (kind === 2) out.splice(out.indexOf(target), 1)
  else if (kind === 3) {
    out.splice(out.indexOf(target), 1)
    out.splice(rand(out.length + 1), 0, target)
  } else out[out.indexOf(target)] = { ...target, description: `described ${next.id++}` }
  return out
}

describe('updatePolicySet', () => {
  for (const seed of [1, 2, 3, 4]) {
    it(`updates a set as preparing it again would, and patches the loaded set alike (seed ${seed})`, () => {
      const rand = random(seed)
      const next = { id: 0 }
      let policies = POOL.slice(0, 20)
      let decimals: Record<string, number> = { [TOKEN]: 6 }
      let set = preparePolicySet('org', policies, decimals, 2)
      const counts = { patched: 0, untouched: 0 }
      for (let step = 0; step < 60; step++) {
        const before = { canonical: canonical(set), loaded: loaded(set) }
        const edited =
          step % 2 === 0 ? edit(rand, edit(rand, policies, next), next) : edit(rand, policies, next)
        // Now and then a token's decimals change too: amounts in its units are restated.
        if (step % 10 === 9) decimals = { [TOKEN]: decimals[TOKEN] === 6 ? 18 : 6 }
        const update = updatePolicySet(set, 'org', edited, decimals)
        expect(canonical(update.set)).toEqual(canonical(preparePolicySet('org', edited, decimals)))
        const patched = apply(loaded(set), update.patches)
        expect(patched).toEqual(loaded(update.set))
        expect(apply(patched, update.undo)).toEqual(before.loaded)
        counts[update.patches.length > 0 ? 'patched' : 'untouched']++
        if (step % 7 === 6) {
          // Not taken after all: the old set is whole again, and the next update starts from it.
          update.rollback()
          expect(canonical(set)).toEqual(before.canonical)
          expect(loaded(set)).toEqual(before.loaded)
          continue
        }
        set = update.set
        policies = edited
      }
      // Not vacuous: most edits patch something, and a description alone patches nothing.
      expect(counts.patched).toBeGreaterThan(30)
      expect(counts.untouched).toBeGreaterThan(0)
    })
  }

  it('patches only the buckets of a changed policy, and neither them nor the list for a new description', () => {
    const policies = benchPolicies()
    const set = preparePolicySet('org', policies, {}, 2)
    const described = policies.map((policy, i) => (i === 4 ? { ...policy, description: 'changed' } : policy))
    const description = updatePolicySet(set, 'org', described, {})
    expect(description.patches).toEqual([])
    // Not taken: the next update starts from the same set.
    description.rollback()
    const bucketsOfPolicy = Object.values(set.buckets).filter((bucket) =>
      bucket.policies.some(([slot]) => set.policies[slot]?.id === policies[4]?.id),
    )
    const stricter = policies.map((policy, i) =>
      i === 4
        ? { ...policy, when: [...policy.when, { criterion: 'checkAccountAssigned' }] as Policy['when'] }
        : policy,
    )
    const paths = updatePolicySet(set, 'org', stricter, {}).patches.map(({ path }) => path.slice(2, 3)[0])
    expect(paths.filter((part) => part === 'buckets')).toHaveLength(bucketsOfPolicy.length)
    expect(paths.length).toBeLessThanOrEqual(bucketsOfPolicy.length + 1)
  })

  it('adds and removes a policy in the middle without moving the others', () => {
    const policies = benchPolicies()
    const set = preparePolicySet('org', policies, {}, 2)
    const added = { ...(policies[7] as Policy), id: 'added' }
    const withAdded = [...policies.slice(0, 50), added, ...policies.slice(50)]
    const addition = updatePolicySet(set, 'org', withAdded, {})
    const bucketsOf = (of: PreparedPolicySet, id: string) =>
      Object.values(of.buckets).filter((bucket) =>
        bucket.policies.some(([slot]) => of.policies[slot]?.id === id),
      )
    const bucketPatches = (patches: DataPatch[]) => patches.filter(({ path }) => path[2] === 'buckets').length
    const filedIn = bucketsOf(addition.set, 'added').length
    expect(filedIn).toBeGreaterThan(0)
    expect(bucketPatches(addition.patches)).toBe(filedIn)
    // The update changes the index the sets share: count the buckets before it.
    const removal = updatePolicySet(addition.set, 'org', policies, {})
    expect(bucketPatches(removal.patches)).toBe(filedIn)
    expect(canonical(removal.set)).toEqual(canonical(preparePolicySet('org', policies, {})))
  })

  it('refuses to update a set that was updated since: it shares its index with the newer one', () => {
    const policies = POOL.slice(0, 6)
    const first = preparePolicySet('org', policies, {}, 2)
    const second = updatePolicySet(first, 'org', policies.slice(1), {}).set
    const before = canonical(second)
    expect(() => updatePolicySet(first, 'org', policies, {})).toThrow('not the latest')
    expect(canonical(second)).toEqual(before)
    // Rolled back, the first is the latest again.
    const third = updatePolicySet(second, 'org', policies.slice(2), {})
    third.rollback()
    expect(() => updatePolicySet(third.set, 'org', policies, {})).toThrow('not the latest')
    expect(canonical(updatePolicySet(second, 'org', policies, {}).set)).toEqual(
      canonical(preparePolicySet('org', policies, {})),
    )
  })

  it('refuses a set that lists an id twice, and leaves the old set as it was', () => {
    const policies = POOL.slice(0, 5)
    const set = preparePolicySet('org', policies, {}, 2)
    const before = canonical(set)
    expect(() =>
      updatePolicySet(set, 'org', [...policies, { ...(POOL[9] as Policy), id: 'p1' }], {}),
    ).toThrow('listed twice')
    expect(canonical(set)).toEqual(before)
  })
})
