// Policy updates patched in place decide as a fresh evaluator would: after a policy is changed, added, removed or
// moved (policy order decides which permit decides), after several at once, and after a preset is enabled, every
// decision of the updated evaluator, in full (deciding and matched policies, approvals, preset evaluation), equals
// that of createEvaluator on the same documents. A refused set changes nothing.
import { decodeRequest } from '@rampart/decoder'
import type { Entities } from '@rampart/entities'
import { describe, expect, it, vi } from 'vitest'
import {
  accountAddress,
  accountId,
  benchPolicies,
  chainOf,
  syntheticOrg,
  transferRpc,
  userId,
} from '../bench/org'
import type { Evaluator, EvaluatorError as EvaluatorErrorType, Policy, Preset } from '../src'
import { policy } from './policy'
import { thrownBy } from './testHelpers'

vi.mock('../src/patchPolicyData', async (original) => {
  const actual = await original<typeof import('../src/patchPolicyData')>()
  return { ...actual, patchPolicyData: vi.fn(actual.patchPolicyData) }
})
// The files of a worker share their modules (isolate: false): the modules that import the mocked one are loaded
// again, after the mock, so that they see it.
vi.resetModules()
const { BUILTIN_PRESETS, createEvaluator, EvaluatorError } = await import('../src')
const patching = await import('../src/patchPolicyData')

const USERS = 12
const ACCOUNTS = 30
const NOW = 1_741_953_600
const entities = syntheticOrg(USERS, ACCOUNTS)
const PRESET = BUILTIN_PRESETS.find((preset) => preset.id === 'erc20-address-book-only') as Preset

/** Every decision, in full, the requests below get: one per user and account, by signer and by resource. */
function decisions(evaluator: Evaluator, presets: readonly string[] = []): string[] {
  const out: string[] = []
  for (let a = 0; a < ACCOUNTS; a += 2) {
    const intent = decodeRequest(transferRpc(a), { entities: evaluator.entities }).intent
    for (let u = 0; u < USERS; u += 1) {
      const request = {
        action: 'signTransaction',
        principal: userId(u),
        resource: accountId(a),
        intent,
        now: NOW,
      }
      out.push(JSON.stringify(evaluator.evaluate(request as never, { presets })))
    }
    const decided = evaluator.decide({
      principal: userId(a % USERS),
      decoded: { action: 'eth_sendTransaction', intent: intent as never },
      signer: { address: accountAddress(a), chainId: chainOf(a) },
      now: NOW,
    })
    out.push(JSON.stringify(decided.decision))
  }
  return out
}

/** A permit any user may use for any USDC transfer: beside a team's, policy order picks which decides. */
const anyone = policy('anyone-usdc', 'permit', [
  { criterion: 'checkAction', args: ['signTransaction'] },
  { criterion: 'checkIntentType', args: ['erc20Transfer'] },
])
const base = [...benchPolicies(), anyone]
let added = 0
const addedId = () => `added-${added++}`
const without = (policies: Policy[], id: string) => policies.filter((p) => p.id !== id)
const moveFirst = (policies: Policy[], id: string) => [
  policies.find((p) => p.id === id) as Policy,
  ...without(policies, id),
]

const edits: [string, (policies: Policy[]) => Policy[]][] = [
  [
    'a policy changed',
    (policies) =>
      policies.map((p) =>
        p.id === 'members-large-erc20-1'
          ? { ...p, when: [{ criterion: 'checkIntentType', args: ['erc20Transfer'] }] as Policy['when'] }
          : p,
      ),
  ],
  [
    'a policy added in the middle',
    (policies) => [...policies.slice(0, 30), { ...anyone, id: addedId() }, ...policies.slice(30)],
  ],
  ['a policy added first', (policies) => [{ ...anyone, id: addedId() }, ...policies]],
  ['a policy removed', (policies) => without(policies, 'anyone-usdc')],
  ['a policy moved first (it now decides)', (policies) => moveFirst(policies, 'anyone-usdc')],
  [
    'several at once',
    (policies) =>
      moveFirst([...without(policies, 'team-2-usdc'), { ...anyone, id: addedId() }], 'team-5-usdc'),
  ],
]

describe('incremental policy updates', () => {
  it.each(edits)('decide as a fresh evaluator after %s', async (_, edit) => {
    const evaluator = await createEvaluator({ entities, policies: base })
    const before = decisions(evaluator)
    const edited = edit(base)
    evaluator.update({ policies: edited })
    const fresh = await createEvaluator({ entities, policies: edited })
    const after = decisions(evaluator)
    expect(after).toEqual(decisions(fresh))
    expect(after).not.toEqual(before)
    // And back again: the update undone by the next one.
    evaluator.update({ policies: base })
    expect(decisions(evaluator)).toEqual(before)
  })

  it('decides as a fresh evaluator after many edits in a row, and with a preset enabled', async () => {
    const evaluator = await createEvaluator({ entities, policies: base, presets: [] })
    let policies = without(base, 'forbid-external-2')
    // The removal last: the move before it moves the policy it removes.
    for (const [, edit] of [
      ...edits.filter(([name]) => name !== 'a policy removed'),
      edits[3] as (typeof edits)[0],
    ]) {
      policies = edit(policies)
      evaluator.update({ policies })
    }
    evaluator.update({ presets: [PRESET] })
    const fresh = await createEvaluator({ entities, policies, presets: [PRESET] })
    expect(decisions(evaluator, [PRESET.id])).toEqual(decisions(fresh, [PRESET.id]))
    expect(decisions(evaluator, [PRESET.id]).some((line) => line.includes('policyEvaluation'))).toBe(true)
    // The preset disabled again: naming it is refused, as by an evaluator that never had it.
    evaluator.update({ presets: [] })
    expect(decisions(evaluator, [PRESET.id])).toEqual(
      decisions(await createEvaluator({ entities, policies, presets: [] }), [PRESET.id]),
    )
  })

  it('keeps the old policies in force when the policy library fails a patch half-way, then takes the next update', async () => {
    const evaluator = await createEvaluator({ entities, policies: base })
    const before = decisions(evaluator)
    const patch = vi.mocked(patching.patchPolicyData)
    const actual = patch.getMockImplementation() as typeof patching.patchPolicyData
    patch.mockImplementationOnce((loaded, patches) => {
      actual(loaded, patches.slice(0, 1)) // the first patch lands, then the library fails
      throw new Error('out of memory')
    })
    // The one permit of users in no team removed: the buckets it alone was in go, and with them their decisions.
    const edited = without(base, 'anyone-usdc')
    expect(() => evaluator.update({ policies: edited })).toThrow('out of memory')
    expect(evaluator.unavailable).toBeUndefined()
    expect(decisions(evaluator)).toEqual(before)
    // Requests met for the first time (with a preset: other candidates to pick) are decided with the old index too.
    const fresh = await createEvaluator({ entities, policies: base })
    expect(decisions(evaluator, [PRESET.id])).toEqual(decisions(fresh, [PRESET.id]))
    // The index the sets share was put back too: the same update, tried again, lands as a fresh evaluator decides.
    evaluator.update({ policies: edited })
    expect(decisions(evaluator)).toEqual(decisions(await createEvaluator({ entities, policies: edited })))
  })

  it('refuses an invalid set with its JSON Pointer, and keeps deciding with the old one', async () => {
    const evaluator = await createEvaluator({ entities, policies: base })
    const before = decisions(evaluator)
    const broken = [...base.slice(0, 3), { ...anyone, when: [{ criterion: 'checkNothing' }] }] as Policy[]
    const thrown = thrownBy(() => evaluator.update({ policies: broken }))
    expect(thrown).toBeInstanceOf(EvaluatorError)
    expect((thrown as EvaluatorErrorType).details.issues?.[0]?.path).toMatch(/^\/3\/when\/0/)
    expect(() => evaluator.update({ policies: [anyone, anyone] })).toThrow(EvaluatorError)
    expect(decisions(evaluator)).toEqual(before)
  })
})

export type { Entities }
