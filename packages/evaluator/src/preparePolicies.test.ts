import policySchema from '@rampart/schemas/policy.schema.json'
import { describe, expect, it } from 'vitest'
import { CRITERION_FAMILIES } from './preparePolicies'
import { preparePolicySet } from './updatePolicySet'

/** Criteria the index resolves (action, intent type) or that never affect matching (approvals). */
const RESOLVED = ['checkAction', 'checkIntentType', 'checkApprovals']

describe('preparePolicySet', () => {
  it('files every criterion the policy schema offers under a family of the policy library', () => {
    const names = policySchema.$defs.Criterion.properties.criterion.enum as string[]
    expect(names.filter((name) => !RESOLVED.includes(name) && !CRITERION_FAMILIES[name])).toEqual([])
  })

  it('files a policy under its principal and resource scopes, with the criteria left to check', () => {
    const set = preparePolicySet(
      'org',
      [
        {
          id: 'vault',
          // biome-ignore lint/suspicious/noThenProperty: `then` is the policy's effect, as policy.schema.json names it.
          then: 'permit',
          when: [
            { criterion: 'checkIntentType', args: ['erc20Transfer'] },
            { criterion: 'checkPrincipalGroup', args: ['Treasury'] },
            { criterion: 'checkAccountGroup', args: ['cold', 'hot'] },
            { criterion: 'checkIntentChainId', args: [1] },
            { criterion: 'checkAccountAssigned' },
          ],
        },
      ],
      {},
    )
    const byResource = set.index.signTransaction?.erc20Transfer?.['group:treasury']
    expect(Object.keys(byResource ?? {})).toEqual(['accountGroup:cold', 'accountGroup:hot'])
    const cold = byResource?.['accountGroup:cold']
    expect(cold && set.buckets[cold.id]).toBe(cold)
    expect(cold).toEqual({
      id: expect.any(String),
      policies: [
        [
          0,
          [
            ['intent', 'checkIntentChainId', [1]],
            ['account', 'checkAccountAssigned', null],
          ],
        ],
      ],
      limits: [],
      intentFields: [],
    })
    expect(set.index.signTransaction?.nativeTransfer).toBeUndefined()
  })
})
