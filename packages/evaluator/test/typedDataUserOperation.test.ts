// A user operation signed as EntryPoint v0.8 typed data (eth_signTypedData_v4 of a PackedUserOperation): the action
// stays signTypedData, and the intent is the user operation, so its calls and its gas fee are judged.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { decide, decideFixture, policy } from './decodeAndDecide'

const name = 'user-operation-v08-typed-data'
const { request } = JSON.parse(
  readFileSync(new URL(`../../../fixtures/requests/${name}.json`, import.meta.url), 'utf8'),
) as { request: { method: string; params: [string, { message: Record<string, string> }] } }

const signTypedData = { criterion: 'checkAction', args: ['signTypedData'] }
const anything = policy('anything', 'permit', [signTypedData])
const forbidAbove = (wei: string) =>
  policy('costly-gas', 'forbid', [{ criterion: 'checkGasFeeAmount', args: { operator: 'gt', value: wei } }])

describe('a user operation signed as EntryPoint v0.8 typed data', () => {
  it('meets checkUserOperationIntents on the calls it makes', async () => {
    const calls = (criteria: unknown[]) => [
      policy('calls', 'permit', [signTypedData, { criterion: 'checkUserOperationIntents', args: criteria }]),
    ]
    const transfers = { criterion: 'checkIntentType', args: ['erc20Transfer'] }
    expect(await decideFixture(name, calls([transfers]))).toMatchObject({ decision: 'Permit' })
    const approvals = { criterion: 'checkIntentType', args: ['erc20Approve'] }
    expect(await decideFixture(name, calls([approvals]))).toMatchObject({ decision: 'Forbid' })
    // It transfers 38 tokens (38 x 10^18 base units).
    const below = {
      criterion: 'checkIntentAmount',
      args: { operator: 'lt', value: '38000000000000000000', unit: 'base' },
    }
    expect(await decideFixture(name, calls([transfers, below]))).toMatchObject({ decision: 'Forbid' })
  })

  it('is judged by its EntryPoint prefund in a gas fee forbid', async () => {
    // (106,912 + 50,180 + 93,011) gas x 9,712,905,877 wei = 2,429,226,898,555,331 wei.
    const above = forbidAbove('2429226898555330')
    expect(await decideFixture(name, [above, anything])).toMatchObject({
      decision: 'Forbid',
      decidingPolicy: 'costly-gas',
      heldCriteria: above.when,
    })
    expect(await decideFixture(name, [forbidAbove('2429226898555331'), anything])).toMatchObject({
      decision: 'Permit',
    })
  })

  it('meets a gas fee forbid when its fee cannot be known (fails closed)', async () => {
    // A paymasterAndData too short for the paymaster's two gas limits (the EntryPoint refuses it, AA93): no prefund.
    const [signer, typedData] = request.params
    const paymasterAndData = `0x${'11'.repeat(20)}${'00'.repeat(10)}`
    const rpc = {
      ...request,
      params: [signer, { ...typedData, message: { ...typedData.message, paymasterAndData } }],
    }
    const above = forbidAbove('1000000000000000000')
    expect(await decide(rpc, [above, anything], {}, 1)).toMatchObject({
      decision: 'Forbid',
      decidingPolicy: 'costly-gas',
      heldCriteria: [{ ...above.when[0], unknown: true }],
    })
  })
})
