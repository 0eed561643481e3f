import { describe, expect, it } from 'vitest'
import type { Policy } from './generated/policy'
import { readVerdict } from './readVerdict'
import { preparePolicySet } from './updatePolicySet'

const policy = (id: string, effect: 'permit' | 'forbid', when: unknown[]) =>
  // biome-ignore lint/suspicious/noThenProperty: `then` is the policy's effect, as policy.schema.json names it.
  ({ id, then: effect, when }) as Policy

const approval = { approvalCount: 1, approvalEntityType: 'user', entityIds: ['ann'], countPrincipal: false }
const policies = [
  policy('forbid-all', 'forbid', [{ criterion: 'checkNonceExists' }]),
  policy('permit-all', 'permit', [{ criterion: 'checkNonceNotExists' }]),
  policy('permit-approved', 'permit', [{ criterion: 'checkApprovals', args: [approval] }]),
  policy('permit-approved-twice', 'permit', [
    { criterion: 'checkApprovals', args: [{ ...approval, approvalCount: 2, entityIds: ['ann', 'bob'] }] },
  ]),
]
const sets = { org: preparePolicySet('org', policies, {}) }
const result = (verdicts: unknown) => [{ result: verdicts }]

describe('readVerdict', () => {
  it('reads a well-formed verdict of each requested set', () => {
    for (const [verdict, read] of [
      [['UNKNOWN_PRINCIPAL'], { refusal: 'UNKNOWN_PRINCIPAL' }],
      [['none'], { effect: 'none', matched: [] }],
      [['forbid', 0, [0, 1]], { effect: 'forbid', policy: 0, matched: [0, 1] }],
      [['permit', 1, [1], []], { effect: 'permit', policy: 1, matched: [1], approvedBy: [] }],
      [['permit', 2, [2], [['ann']]], { effect: 'permit', policy: 2, matched: [2], approvedBy: [['ann']] }],
      [['confirm', 2, [2], [[]]], { effect: 'confirm', policy: 2, matched: [2], approvedBy: [[]] }],
    ])
      expect(readVerdict(result([verdict]), ['org'], sets)).toEqual({ org: read })
  })

  it('names each matching policy once, in policy order', () => {
    expect(readVerdict(result([['forbid', 0, [1, 0, 1, 2, 0]]]), ['org'], sets)).toEqual({
      org: { effect: 'forbid', policy: 0, matched: [0, 1, 2] },
    })
  })

  it('rejects anything else, so that the evaluator refuses', () => {
    for (const malformed of [
      undefined,
      [],
      [{ result: [['none']] }, { result: [] }],
      [null],
      result({ org: ['none'] }),
      result([]),
      result([['none'], ['none']]),
      result([['SOMETHING_ELSE']]),
      result([['UNKNOWN_PRINCIPAL', 0]]),
      result([['allow', 1, [1]]]),
      result([['none', [7]]]),
      result([['forbid', 1, [1]]]),
      result([['forbid', 0, [1]]]),
      result([['forbid', 0, [0, 7]]]),
      result([['forbid', 0, [0], []]]),
      result([['permit', 0, [0], []]]),
      result([['permit', 2, [2], [[]]]]),
      result([['confirm', 2, [2], [['ann']]]]),
      result([['permit', 2, [2], []]]),
      result([['permit', 2, [2], [[1]]]]),
      result([['permit', 1.5, [1], []]]),
      result([['permit', 1, [1]]]),
      // A permit or a confirm beside a matching forbid, which always decides.
      result([['permit', 1, [0, 1], []]]),
      result([['confirm', 2, [2, 0], [[]]]]),
      // One approver counted twice toward a requirement.
      result([['permit', 3, [3], [['ann', 'ann']]]]),
    ])
      expect(readVerdict(malformed, ['org'], sets), JSON.stringify(malformed)).toBeUndefined()
  })

  it('rejects an index of an empty slot, which no bucket names', () => {
    // Spaced two apart, the policies sit in slots 1, 3, 5 and 7: slot 0 and slot 2 are empty.
    const spaced = { org: preparePolicySet('org', policies, {}, 2) }
    expect(readVerdict(result([['forbid', 1, [1]]]), ['org'], spaced)).toEqual({
      org: { effect: 'forbid', policy: 1, matched: [1] },
    })
    expect(readVerdict(result([['forbid', 0, [0]]]), ['org'], spaced)).toBeUndefined()
    expect(readVerdict(result([['forbid', 1, [1, 2]]]), ['org'], spaced)).toBeUndefined()
    expect(readVerdict(result([['none']]), ['org'], spaced)).toEqual({ org: { effect: 'none', matched: [] } })
  })

  it('expects one verdict per requested policy set, in the order requested', () => {
    const both = { ...sets, 'preset:p': sets.org }
    const forbid = ['forbid', 0, [0]]
    expect(readVerdict(result([['none'], forbid, forbid]), ['org', 'preset:p', 'preset:p'], both)).toEqual({
      org: { effect: 'none', matched: [] },
      'preset:p': { effect: 'forbid', policy: 0, matched: [0] },
    })
    expect(readVerdict(result([['none']]), ['org', 'preset:p'], both)).toBeUndefined()
  })
})
