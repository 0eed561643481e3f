import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { parseTransaction, recoverTransactionAddress } from 'viem'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { type FakeEthereumNode, startFakeEthereumNode } from '../../../test/support/fakeEthereumNode'
import { connectTestSession, rejection, testAddress } from './testSession'

const first = testAddress
const recipient = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const gwei = 10n ** 9n

let node: FakeEthereumNode

beforeAll(async () => {
  node = await startFakeEthereumNode({ chainId: 1, nonce: 7, gasPrice: 3n * gwei, baseFeePerGas: 10n * gwei })
})
afterAll(() => node.close())
beforeEach(() => node.reset())

async function connect(url = node.url) {
  const { session, accountOn } = await connectTestSession('r1', { networks: { ETHEREUM: { rpcUrl: url } } })
  return { session, account: accountOn('ETHEREUM') }
}

describe('signing with a network RPC endpoint', () => {
  it('fills nonce, gas and fees from the node, and broadcasts the signed transaction', async () => {
    const { session, account } = await connect()
    const signed = await session.signTransaction({
      accountExternalId: account,
      transaction: { to: recipient, value: '5' },
    })
    expect(signed.broadcast).toBe(true)
    expect(node.received).toEqual([signed.signedTransaction])
    expect(
      await recoverTransactionAddress({ serializedTransaction: signed.signedTransaction as never }),
    ).toBe(first)
    expect(parseTransaction(signed.signedTransaction)).toMatchObject({
      nonce: 7,
      gas: 21000n,
      maxPriorityFeePerGas: gwei,
      // viem's estimate: base fee × 1.2 + priority fee.
      maxFeePerGas: 12n * gwei + gwei,
    })
  })

  it('signs without sending when broadcast is false', async () => {
    const { session, account } = await connect()
    const signed = await session.signTransaction({
      accountExternalId: account,
      transaction: { to: recipient, value: '5' },
      broadcast: false,
    })
    expect(signed.broadcast).toBe(false)
    expect(node.received).toEqual([])
  })

  it('estimates gas for a transfer and reports the fee at its maximum', async () => {
    const { session, account } = await connect()
    const transfer = await session.buildTransfer({
      source: { accountExternalId: account },
      networkId: 'ETHEREUM',
      destinationAddress: recipient,
      asset: { kind: 'erc20', contractAddress: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48' },
      amount: '1',
    })
    expect(node.calls).toContain('eth_estimateGas')
    expect(transfer.fees[0]!.amount).toBe((50_000n * 13n * gwei).toString())
    expect(node.received).toEqual([transfer.signedTransaction])
  })

  it("maps the node's refusal to PROVIDER_REJECTED, with the node's message", async () => {
    const { session, account } = await connect()
    node.reject = 'nonce too low'
    const error = await rejection(
      session.signTransaction({ accountExternalId: account, transaction: { to: recipient } }),
    )
    expect(error).toMatchObject({ code: 'PROVIDER_REJECTED', httpStatus: 502 })
    expect((error as Error).message).toContain('nonce too low')
  })

  it('refuses a node that serves another chain', async () => {
    node.chainId = 5
    const { session, account } = await connect()
    const error = await rejection(
      session.signTransaction({ accountExternalId: account, transaction: { to: recipient } }),
    )
    expect(error).toMatchObject({ code: 'PROVIDER_REJECTED', details: { expectedChainId: 1, chainId: 5 } })
    expect(node.received).toEqual([])
  })

  it('maps an unreachable node to PROVIDER_UNAVAILABLE without leaking its URL', async () => {
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const url = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/secret-token`
    await new Promise<void>((resolve) => closed.close(() => resolve()))
    const { session, account } = await connect(url)
    const error = await rejection(
      session.signTransaction({ accountExternalId: account, transaction: { to: recipient } }),
    )
    expect(error).toMatchObject({ code: 'PROVIDER_UNAVAILABLE', httpStatus: 502 })
    expect(JSON.stringify(error)).not.toContain('secret-token')
    expect((error as Error).message).not.toContain('secret-token')
  })
})
