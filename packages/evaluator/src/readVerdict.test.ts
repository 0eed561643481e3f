import { describe, expect, it } from 'vitest'
import type { Policy } from './generated/policy'
import { preparePolicySet } from './preparePolicies'
import { readVerdict } from './readVerdict'

const policy = (id: string, effect: 'permit' | 'forbid', when: unknown[]) =>
  // biome-ignore lint/suspicious/noThenProperty: `then` is the policy's effect, as policy.schema.json names it.
  ({ id, then: effect, when }) as Policy

const approval = { approvalCount: 1, approvalEntityType: 'user', entityIds: ['ann'], countPrincipal: false }
const sets = {
  org: preparePolicySet(
    'org',
    [
      policy('forbid-all', 'forbid', [{ criterion: 'checkNonceExists' }]),
      policy('permit-all', 'permit', [{ criterion: 'checkNonceNotExists' }]),
      policy('permit-approved', 'permit', [{ criterion: 'checkApprovals', args: [approval] }]),
    ],
    {},
  ),
}
const result = (verdicts: unknown) => [{ result: verdicts }]

describe('readVerdict', () => {
  it('reads a well-formed verdict of each requested set', () => {
    for (const verdict of [
      { refusal: 'UNKNOWN_PRINCIPAL' },
      { effect: 'none', matched: [] },
      { effect: 'forbid', policy: 0, matched: [0, 1] },
      { effect: 'permit', policy: 1, matched: [1], approvedBy: [] },
      { effect: 'permit', policy: 2, matched: [2], approvedBy: [['ann']] },
      { effect: 'confirm', policy: 2, matched: [2], approvedBy: [[]] },
    ])
      expect(readVerdict(result({ org: verdict }), ['org'], sets)).toEqual({ org: verdict })
  })

  it('rejects anything else, so that the evaluator refuses', () => {
    for (const malformed of [
      undefined,
      [],
      [{ result: { org: { effect: 'none', matched: [] } } }, { result: {} }],
      result({ decision: 'Permit' }),
      result({}),
      result({ org: { effect: 'none', matched: [] }, 'preset:x': { effect: 'none', matched: [] } }),
      result({ org: { refusal: 'SOMETHING_ELSE' } }),
      result({ org: { effect: 'allow', policy: 1, matched: [1] } }),
      result({ org: { effect: 'none', matched: [7] } }),
      result({ org: { effect: 'none', matched: [0], extra: true } }),
      result({ org: { effect: 'forbid', policy: 1, matched: [1] } }),
      result({ org: { effect: 'forbid', policy: 0, matched: [1] } }),
      result({ org: { effect: 'permit', policy: 0, matched: [0], approvedBy: [] } }),
      result({ org: { effect: 'permit', policy: 2, matched: [2], approvedBy: [[]] } }),
      result({ org: { effect: 'confirm', policy: 2, matched: [2], approvedBy: [['ann']] } }),
      result({ org: { effect: 'permit', policy: 2, matched: [2], approvedBy: [] } }),
      result({ org: { effect: 'permit', policy: 1.5, matched: [1], approvedBy: [] } }),
    ])
      expect(readVerdict(malformed, ['org'], sets), JSON.stringify(malformed)).toBeUndefined()
  })

  it('expects one verdict per distinct policy set, even when a preset is requested twice', () => {
    const none = { effect: 'none', matched: [] }
    const both = { ...sets, 'preset:p': sets.org }
    expect(
      readVerdict(result({ org: none, 'preset:p': none }), ['org', 'preset:p', 'preset:p'], both),
    ).toBeDefined()
    expect(readVerdict(result({ org: none }), ['org', 'preset:p'], both)).toBeUndefined()
  })
})
