// Conditions grouped per call type (issue #21): checkUserOperationIntents with `anyOf` condition sets, each with its
// own intent types: every call of the batch or user operation meets one set, and any other call fails the criterion.
// Decided on decoded requests: an account's executeBatch (5 USDC and 0.01 ETH) and a v0.6 user operation (an
// ERC-20 approve and a native transfer).
import { describe, expect, it } from 'vitest'
import type { Policy } from '../src'
import { decideFixture, policy } from './decodeAndDecide'

const USDC = 'eip155:1/erc20:0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48'

/** Native transfers up to `eth` ETH, or USDC transfers up to `usdc` USDC; any other call fails. */
const perCallType = (eth: string, usdc: string, effect: 'permit' | 'forbid' = 'permit'): Policy[] => [
  policy('native-or-usdc', effect, [
    {
      criterion: 'checkUserOperationIntents',
      args: {
        anyOf: [
          {
            types: ['nativeTransfer'],
            when: [{ criterion: 'checkIntentAmount', args: { operator: 'lte', value: eth, unit: 'token' } }],
          },
          {
            types: ['erc20Transfer'],
            when: [
              { criterion: 'checkIntentToken', args: [USDC] },
              { criterion: 'checkIntentAmount', args: { operator: 'lte', value: usdc, unit: 'token' } },
            ],
          },
        ],
      },
    },
  ]),
]

describe('checkUserOperationIntents with condition sets per call type', () => {
  it('permits a batch whose every call meets one set', async () => {
    expect(await decideFixture('account-execute-batch', perCallType('5', '2000'))).toMatchObject({
      decision: 'Permit',
      decidingPolicy: 'native-or-usdc',
    })
  })

  it('refuses a batch with one call beyond its set', async () => {
    // The batch sends 0.01 ETH and 5 USDC.
    expect((await decideFixture('account-execute-batch', perCallType('0.001', '2000'))).decision).toBe(
      'Forbid',
    )
    expect((await decideFixture('account-execute-batch', perCallType('5', '4.99'))).decision).toBe('Forbid')
  })

  it('refuses a call of a type no set names', async () => {
    // An ERC-20 approve beside a native transfer: the approve meets neither set.
    expect(await decideFixture('user-operation-v06', perCallType('5', '2000'))).toMatchObject({
      decision: 'Forbid',
      reason: { code: 'NO_MATCHING_PERMIT' },
    })
    const withApprovals = [
      policy('native-or-approve', 'permit', [
        {
          criterion: 'checkUserOperationIntents',
          args: { anyOf: [{ types: ['nativeTransfer'] }, { types: ['erc20Approve'] }] },
        },
      ]),
    ]
    expect((await decideFixture('user-operation-v06', withApprovals)).decision).toBe('Permit')
  })

  it('forbids when every call meets one set of a forbid', async () => {
    const anyPermit = policy('anything', 'permit', [{ criterion: 'checkAction', args: ['signTransaction'] }])
    const forbid = perCallType('5', '2000', 'forbid')
    expect(await decideFixture('account-execute-batch', [anyPermit, ...forbid])).toMatchObject({
      decision: 'Forbid',
      decidingPolicy: 'native-or-usdc',
    })
    expect(
      (await decideFixture('account-execute-batch', [anyPermit, ...perCallType('0.001', '2000', 'forbid')]))
        .decision,
    ).toBe('Permit')
  })
})
