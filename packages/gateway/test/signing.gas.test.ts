import { parseTransaction } from 'viem'
import { describe, expect, it } from 'vitest'
import { policy, sendEth } from './support/signingClient'
import { useSigningGateway } from './support/useTestGateway'

/** 0.01 ETH: the most network fee the policies let a transaction spend. */
const feeCap = '10000000000000000'

const setup = useSigningGateway({
  policies: [
    policy('forbid-costly-gas', 'forbid', [
      { criterion: 'checkGasFeeAmount', args: { operator: 'gt', value: feeCap } },
    ]),
    policy('permit-transactions', 'permit', [{ criterion: 'checkAction', args: ['signTransaction'] }]),
  ],
})

/** The most the signed transaction can spend on gas. */
function maxFeeOf(signedTransaction: `0x${string}`): bigint {
  const parsed = parseTransaction(signedTransaction)
  return (parsed.gas ?? 0n) * (parsed.maxFeePerGas ?? parsed.gasPrice ?? 0n)
}

describe('the network fee a transaction is decided on', () => {
  it('is the fee it is signed with when the request leaves its gas out', async () => {
    const response = await sendEth(setup, '1000', 'no-gas-fields')
    expect(response.statusCode, response.body).toBe(201)
    const record = response.json().data
    const decided = record.sendTransactionRequest.evaluation.report.intent.decoded.gas
    expect(decided?.maxFee).toBe(maxFeeOf(record.signedTransaction).toString())
  })

  it('is known when the request names fees but no gas limit: a fee over the policies is forbidden, not signed', async () => {
    const before = setup.calls.signTransaction ?? 0
    // 21 000 gas at 10^15 wei (a million gwei) is 21 ETH of fee.
    const response = await sendEth(setup, '1000', 'fee-without-gas-limit', {
      maxFeePerGas: '1000000000000000',
      maxPriorityFeePerGas: '1000000000000000',
    })
    expect(response.statusCode, response.body).toBe(403)
    expect(response.json().context.evaluation.decision.decidingPolicy).toBe('forbid-costly-gas')
    expect(setup.calls.signTransaction ?? 0).toBe(before)
  })

  it('is known when the request names a gas limit but no fees', async () => {
    const response = await sendEth(setup, '1000', 'gas-limit-without-fees', { gasLimit: '30000000' })
    // 30 million gas at the network's fees is far over 0.01 ETH.
    expect(response.statusCode, response.body).toBe(403)
    expect(response.json().context.evaluation.decision.decidingPolicy).toBe('forbid-costly-gas')
  })

  it('keeps the gas and fees the request names, and the nonce it leaves out is still left to signing', async () => {
    const response = await sendEth(setup, '1000', 'all-gas-fields', {
      gasLimit: '21000',
      maxFeePerGas: '30000000000',
      maxPriorityFeePerGas: '1000000000',
    })
    expect(response.statusCode, response.body).toBe(201)
    const record = response.json().data
    const parsed = parseTransaction(record.signedTransaction)
    expect(parsed).toMatchObject({
      gas: 21000n,
      maxFeePerGas: 30000000000n,
      maxPriorityFeePerGas: 1000000000n,
    })
    const report = record.sendTransactionRequest.evaluation.report
    expect(report.intent.decoded.gas.maxFee).toBe((21000n * 30000000000n).toString())
    expect(report.intent.decoded.nonce ?? null).toBeNull()
  })
})
