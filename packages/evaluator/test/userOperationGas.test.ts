// A gas fee criterion on decoded user operations, judged by their EntryPoint prefund (intent.gas.maxFee), and a
// Safe gas refund sent as a transaction, forbidden by its flag.
import { readFileSync } from 'node:fs'
import { decodeFunctionData, encodeFunctionData, parseAbi } from 'viem'
import { describe, expect, it } from 'vitest'
import { decide, decideFixture, policy } from './decodeAndDecide'

const read = (name: string) =>
  JSON.parse(readFileSync(new URL(`../../../fixtures/requests/${name}.json`, import.meta.url), 'utf8')) as {
    chainId?: number
    request: { method: string; params: [Record<string, unknown>, ...unknown[]] }
  }

const anything = policy('anything', 'permit', [
  { criterion: 'checkAction', args: ['signTransaction', 'signUserOperation'] },
])
const forbidAbove = (wei: string) =>
  policy('costly-gas', 'forbid', [{ criterion: 'checkGasFeeAmount', args: { operator: 'gt', value: wei } }])

describe('a gas fee forbid on user operations', () => {
  it('holds for an operation whose prefund exceeds the limit, and only then', async () => {
    // Biconomy's token paymaster on Polygon Mumbai (v0.6): (53,735 + 3 x 91,064 + 50,736) gas x 1,500,000,034 wei
    // = 566,494,512,840,542 wei.
    const above = forbidAbove('566494512840541')
    expect(await decideFixture('user-operation-v06', [above, anything])).toMatchObject({
      decision: 'Forbid',
      decidingPolicy: 'costly-gas',
      heldCriteria: above.when,
    })
    expect(
      await decideFixture('user-operation-v06', [forbidAbove('566494512840542'), anything]),
    ).toMatchObject({
      decision: 'Permit',
    })
  })

  it('lets a permit bound the fee of a v0.7 operation with a paymaster', async () => {
    // Sepolia, v0.7: (2,000,000 + 1,000,000 + 500,000 + 400,000 + 400,000) gas x 1 wei = 4,300,000 wei.
    const upTo = (wei: string) => [
      policy('cheap-ops', 'permit', [
        { criterion: 'checkAction', args: ['signUserOperation'] },
        { criterion: 'checkGasFeeAmount', args: { operator: 'lte', value: wei } },
      ]),
    ]
    expect(await decideFixture('user-operation-v07', upTo('4300000'))).toMatchObject({ decision: 'Permit' })
    expect(await decideFixture('user-operation-v07', upTo('4299999'))).toMatchObject({ decision: 'Forbid' })
  })
})

describe('a Safe gas refund sent as execTransaction', () => {
  it('is forbidden by checkIntentFlags, and the same transaction without a refund is not', async () => {
    const abi = parseAbi([
      'function execTransaction(address to, uint256 value, bytes data, uint8 operation, uint256 safeTxGas, uint256 baseGas, uint256 gasPrice, address gasToken, address refundReceiver, bytes signatures)',
    ])
    // The Ethereum Foundation Safe's mainnet execTransaction, with a refund of 1 gwei per gas to its executor.
    const { request } = read('safe-exec-transaction-eth')
    const { args } = decodeFunctionData({ abi, data: request.params[0].data as `0x${string}` })
    const [to, value, inner, operation, safeTxGas, baseGas, , gasToken, refundReceiver, signatures] = args
    const data = encodeFunctionData({
      abi,
      functionName: 'execTransaction',
      args: [
        to,
        value,
        inner,
        operation,
        safeTxGas,
        baseGas,
        1_000_000_000n,
        gasToken,
        refundReceiver,
        signatures,
      ],
    })
    const noRefund = policy('no-refund', 'forbid', [
      { criterion: 'checkIntentFlags', args: ['safeGasRefund'] },
    ])
    const rpc = { ...request, params: [{ ...request.params[0], data }] }
    expect(await decide(rpc, [noRefund, anything])).toMatchObject({
      decision: 'Forbid',
      decidingPolicy: 'no-refund',
    })
    expect(await decideFixture('safe-exec-transaction-eth', [noRefund, anything])).toMatchObject({
      decision: 'Permit',
    })
  })
})
