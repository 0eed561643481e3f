import { describe, expect, it } from 'vitest'
import { applyPatches } from '../test/testHelpers'
import type { EvaluationState } from './buildInput'
import { librarySet } from './evaluationState'
import { setPatches } from './setPatches'
import { preparePolicySet } from './updatePolicySet'

type TestPolicy = { id: string; description?: string; then: 'permit' | 'forbid'; when: unknown[] }
const policy = (id: string, group: string, extra: Partial<TestPolicy> = {}): TestPolicy => ({
  id,
  // biome-ignore lint/suspicious/noThenProperty: `then` is the policy's effect, as policy.schema.json names it.
  then: 'permit',
  when: [
    { criterion: 'checkAction', args: ['signTransaction'] },
    { criterion: 'checkPrincipalGroup', args: [group] },
  ],
  ...extra,
})
const setsOf = (policies: TestPolicy[]) =>
  ({ org: preparePolicySet('org', policies as never, {}) }) as unknown as EvaluationState['sets']

/** The library's data (data.sets) of some sets, as plain JSON. */
const loaded = (sets: EvaluationState['sets']) =>
  JSON.parse(
    JSON.stringify({ sets: Object.fromEntries(Object.entries(sets).map(([n, s]) => [n, librarySet(s)])) }),
  )

/** A forbid: an object literal with `then` (the policy's effect) would read as a thenable to biome. */
const forbid = (id: string, group: string) => ({
  ...policy(id, group),
  ...Object.fromEntries([['then', 'forbid']]),
})
const before = [policy('a', 'ops'), policy('b', 'treasury')]
const changes: [string, TestPolicy[]][] = [
  ['a description (nothing the library reads)', [policy('a', 'ops', { description: 'changed' }), before[1]!]],
  ['an effect', [forbid('a', 'ops'), before[1]!]],
  [
    'a criterion the library matches',
    [
      policy('a', 'ops', {
        when: [...policy('a', 'ops').when, { criterion: 'checkIntentType', args: ['erc20Transfer'] }],
      }),
      before[1]!,
    ],
  ],
  ['a policy removed', [before[0]!]],
  ['a policy added', [...before, forbid('c', 'audit')]],
]

describe('setPatches', () => {
  it.each(changes)('turns the loaded data into the new one, and back: %s', (_, after) => {
    const old = setsOf(before)
    const next = setsOf(after)
    const { patches, undo } = setPatches(old, next)
    expect(applyPatches(loaded(old), patches)).toEqual(loaded(next))
    expect(applyPatches(applyPatches(loaded(old), patches), undo)).toEqual(loaded(old))
  })

  it('patches nothing the library does not read, and only the parts that changed', () => {
    const old = setsOf(before)
    expect(setPatches(old, setsOf(changes[0]![1])).patches).toEqual([])
    const effect = setPatches(old, setsOf(changes[1]![1])).patches
    expect(effect.map((patch) => patch.path)).toEqual([['sets', 'org', 'policies']])
  })

  it('adds and removes a whole set', () => {
    const one = setsOf([policy('a', 'ops')])
    const { patches, undo } = setPatches({}, one)
    expect(patches).toEqual([{ path: ['sets', 'org'], value: expect.any(Object) }])
    expect(undo).toEqual([{ path: ['sets', 'org'], value: undefined }])
  })
})
