// checkIntentFlags on what the decoder really flags: a Safe transaction made by DELEGATECALL or refunding gas, a
// Seaport order that gives its offer away, a Sign-In with Ethereum message for another address.
import { readFileSync } from 'node:fs'
import { encodeFunctionData, erc20Abi } from 'viem'
import { describe, expect, it } from 'vitest'
import { decide, decideFixture, policy } from './decodeAndDecide'

const rpcOf = (name: string) =>
  JSON.parse(readFileSync(new URL(`../../../fixtures/requests/${name}.json`, import.meta.url), 'utf8'))
    .request as { method: string; params: unknown[] }

const warnings = policy('forbid-warnings', 'forbid', [
  {
    criterion: 'checkIntentFlags',
    args: ['delegatecall', 'safeGasRefund', 'zeroConsideration', 'siweAddressMismatch'],
  },
])
const anything = policy('anything', 'permit', [
  {
    criterion: 'checkAction',
    args: ['signTransaction', 'signMessage', 'signTypedData', 'signUserOperation'],
  },
])
const custody = [warnings, anything]
const forbidden = { decision: 'Forbid', decidingPolicy: 'forbid-warnings', heldCriteria: warnings.when }

const USDT = '0xdAC17F958D2ee523a2206206994597C13D831ec7'
const usdtTransfer = encodeFunctionData({
  abi: erc20Abi,
  functionName: 'transfer',
  args: ['0x4444444444444444444444444444444444444444', 1_000_000n],
})

/**
 * The Safe transaction of the fixtures (signed typed data) with other fields: by default, a call to USDT's transfer
 * (the fixture's own call, to Multicall3, holds a call the decoder cannot read).
 */
function safeTx(message: Record<string, unknown>) {
  const rpc = rpcOf('safe-tx-multicall3-aggregate3-value-delegatecall')
  const [signer, typedData] = rpc.params as [string, { message: Record<string, unknown> }]
  const fields = { ...typedData.message, to: USDT, data: usdtTransfer, ...message }
  return { ...rpc, params: [signer, { ...typedData, message: fields }] }
}

describe('checkIntentFlags on decoded requests', () => {
  it('forbids a Safe transaction made by DELEGATECALL, signed or sent', async () => {
    expect(await decide(safeTx({ operation: 1 }), custody)).toMatchObject(forbidden)
    // A Safe's execTransaction that delegatecalls a MultiSend, itself delegatecalling another.
    expect(await decideFixture('safe-multisend-nested-delegatecall', custody)).toMatchObject(forbidden)
    // The same Safe transaction made by CALL carries no flag.
    expect(await decide(safeTx({ operation: 0 }), custody)).toMatchObject({ decision: 'Permit' })
  })

  it('forbids a Safe transaction that refunds gas to its executor', async () => {
    // The decoder refuses to read such a transaction whole (no intent bounds the refund): it is refused before any
    // policy, the permit-everything one included, sees it.
    const refund = safeTx({ operation: 0, gasPrice: '1' })
    expect(await decide(refund, custody, {}, undefined, 'invalidTypedData')).toMatchObject({
      decision: 'Forbid',
      reason: { code: 'DECODING_FAILED' },
    })
  })

  it('forbids a Seaport order in which nothing comes back to the offerer', async () => {
    expect(await decideFixture('seaport-zero-consideration', custody)).toMatchObject(forbidden)
    expect(await decideFixture('seaport-listing', custody)).toMatchObject({ decision: 'Permit' })
  })

  it('forbids a Sign-In with Ethereum message signed by another address than the one it names', async () => {
    expect(await decideFixture('personal-sign-siwe', custody)).toMatchObject({ decision: 'Permit' })
    const rpc = rpcOf('personal-sign-siwe')
    const other = { ...rpc, params: [rpc.params[0], '0x4444444444444444444444444444444444444444'] }
    expect(await decide(other, custody)).toMatchObject(forbidden)
  })

  it('meets one flag of those listed, and no other', async () => {
    const refunds = [
      policy('refunds', 'forbid', [{ criterion: 'checkIntentFlags', args: ['safeGasRefund'] }]),
      anything,
    ]
    expect(await decide(safeTx({ operation: 1 }), refunds)).toMatchObject({ decision: 'Permit' })
    const refund = safeTx({ operation: 1, gasPrice: '1' })
    expect(await decide(refund, refunds, {}, undefined, 'invalidTypedData')).toMatchObject({
      decision: 'Forbid',
    })
  })

  it('judges the flags of each call of a batch in a forbid that also speaks of the call', async () => {
    const delegatedTransfer = [
      policy('delegated-transfer', 'forbid', [
        { criterion: 'checkIntentType', args: ['erc20Transfer'] },
        { criterion: 'checkIntentFlags', args: ['delegatecall'] },
      ]),
      anything,
    ]
    // A Safe transaction that delegatecalls USDT's transfer: the Safe runs the token's code as its own.
    const transfer = encodeFunctionData({
      abi: erc20Abi,
      functionName: 'transfer',
      args: ['0x4444444444444444444444444444444444444444', 1_000_000n],
    })
    const usdt = '0xdAC17F958D2ee523a2206206994597C13D831ec7'
    expect(await decide(safeTx({ to: usdt, data: transfer, operation: 1 }), delegatedTransfer)).toMatchObject(
      {
        decision: 'Forbid',
        decidingPolicy: 'delegated-transfer',
      },
    )
    expect(await decide(safeTx({ to: usdt, data: transfer, operation: 0 }), delegatedTransfer)).toMatchObject(
      {
        decision: 'Permit',
      },
    )
    // The nested MultiSend's ERC-20 transfer is made by CALL, from inside a MultiSend the Safe delegatecalls.
    expect(await decideFixture('safe-multisend-nested-delegatecall', delegatedTransfer)).toMatchObject({
      decision: 'Permit',
    })
  })
})
