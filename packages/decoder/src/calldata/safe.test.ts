import { readFileSync } from 'node:fs'
import { decodeFunctionData, encodeFunctionData, parseAbi } from 'viem'
import { describe, expect, it } from 'vitest'
import { decodeIntent, decodeRequest } from '../decodeRequest'

const safeAbi = parseAbi([
  'function execTransaction(address to, uint256 value, bytes data, uint8 operation, uint256 safeTxGas, uint256 baseGas, uint256 gasPrice, address gasToken, address refundReceiver, bytes signatures)',
])
const USDC = '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48'
const RELAYER = '0x4444444444444444444444444444444444444444'

// The Ethereum Foundation Safe's mainnet execTransaction (10,000 ETH, CALL, no refund), as sent.
const fixture = JSON.parse(
  readFileSync(
    new URL('../../../../fixtures/requests/safe-exec-transaction-eth.json', import.meta.url),
    'utf8',
  ),
) as { request: { method: string; params: [Record<string, unknown>] } }
const sent = fixture.request.params[0]
const { args } = decodeFunctionData({ abi: safeAbi, data: sent.data as `0x${string}` })

/** The same execTransaction with other refund terms (its signatures no longer match them: only the decoding counts). */
function withRefund(gasPrice: bigint, baseGas: bigint, gasToken: string, refundReceiver: string) {
  const [to, value, data, operation, safeTxGas, , , , , signatures] = args
  const calldata = encodeFunctionData({
    abi: safeAbi,
    functionName: 'execTransaction',
    args: [
      to,
      value,
      data,
      operation,
      safeTxGas,
      baseGas,
      gasPrice,
      gasToken as `0x${string}`,
      refundReceiver as `0x${string}`,
      signatures,
    ],
  })
  return { method: 'eth_sendTransaction', params: [{ ...sent, data: calldata }] }
}

describe('Safe execTransaction sent as a transaction', () => {
  it('carries no refund flag when the Safe pays no gas refund (gasPrice 0)', () => {
    expect(args[6]).toBe(0n)
    const { intent, error } = decodeIntent(fixture.request)
    expect(error).toBeNull()
    expect(intent.flags).toBeUndefined()
  })

  it('flags a gas refund the Safe pays to the executor or a refund receiver (gasPrice > 0)', () => {
    // 10^9 baseGas at 1 USDC base unit per gas: the Safe pays (gas used + baseGas) x gasPrice of USDC to RELAYER.
    const refund = decodeRequest(withRefund(1n, 1_000_000_000n, USDC, RELAYER))
    expect(refund.decoding.error).toBeNull()
    expect(refund.intent).toMatchObject({ type: 'batch', functionName: 'execTransaction', operation: 'call' })
    expect(refund.intent.flags).toEqual(['safeGasRefund'])
    expect(refund.intent.intents?.[0]).toMatchObject({
      type: 'nativeTransfer',
      amount: '10000000000000000000000',
    })
    expect(refund.display.fields.find((f) => f.label === 'Gas refund')?.value).toBe(
      'Paid by the Safe to 0x4444444444444444444444444444444444444444 in 0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48, at 1 per gas',
    )
    // Ether refunded to tx.origin (refundReceiver zero): the sender of this very transaction.
    const toExecutor = decodeRequest(
      withRefund(
        30_000_000_000n,
        0n,
        '0x0000000000000000000000000000000000000000',
        '0x0000000000000000000000000000000000000000',
      ),
    )
    expect(toExecutor.intent.flags).toEqual(['safeGasRefund'])
    expect(toExecutor.display.fields.find((f) => f.label === 'Gas refund')?.value).toBe(
      'Paid by the Safe to the executor in the native currency, at 30000000000 per gas',
    )
  })
})
