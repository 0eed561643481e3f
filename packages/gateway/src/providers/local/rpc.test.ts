import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { parseTransaction, recoverTransactionAddress } from 'viem'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { type FakeEthereumNode, startFakeEthereumNode } from '../../../test/support/fakeEthereumNode'
import { createMemoryVaultStore } from './memoryVaultStore'
import { connectTestSession, rejection, testAddress } from './testSession'
import type { LocalVaultStoreFactory } from './vault'

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

  it('saves the used nonce before the transaction leaves the gateway, and frees it when the node refuses it', async () => {
    // Each save, as the node had been sent transactions then: what a gateway killed at that moment leaves behind.
    const saves: { nonce: number | undefined; sent: number }[] = []
    const memory = createMemoryVaultStore()
    const vaultStore: LocalVaultStoreFactory = (connectionId) => {
      const store = memory(connectionId)
      return {
        ...store,
        save: async (vault) => {
          saves.push({ nonce: vault.nonces[`1:${first.toLowerCase()}`], sent: node.received.length })
          await store.save(vault)
        },
      }
    }
    const { session, accountOn } = await connectTestSession('r-saves', {
      vaultStore,
      networks: { ETHEREUM: { rpcUrl: node.url } },
    })
    const account = accountOn('ETHEREUM')
    saves.length = 0
    await session.signTransaction({ accountExternalId: account, transaction: { to: recipient, value: '5' } })
    // Nonce 7 (the node's) is saved as used before the node has it, and again once the request is done.
    expect(saves).toEqual([
      { nonce: 8, sent: 0 },
      { nonce: 8, sent: 1 },
    ])
    saves.length = 0
    node.reject = 'insufficient funds'
    await rejection(session.signTransaction({ accountExternalId: account, transaction: { to: recipient } }))
    expect(saves).toEqual([
      { nonce: 9, sent: 1 },
      { nonce: 8, sent: 1 },
    ])
    node.reject = undefined
    const next = await session.signTransaction({ accountExternalId: account, transaction: { to: recipient } })
    expect(parseTransaction(next.signedTransaction).nonce).toBe(8)
  })
})
