import { keccak256, parseTransaction, recoverTransactionAddress } from 'viem'
import { beforeAll, describe, expect, it } from 'vitest'
import { policy, testAddress } from './support/signingClient'
import { useFakeEthereumNode, useSharedSigningGateway, useSigningClient } from './support/useTestGateway'

const recipient = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const gwei = 10n ** 9n

// One node and one gateway for the broadcast tests below; each old file's tests keep their own client. The RPC
// timeout is under the 1500 ms the stalled broadcast waits, and leaves the other calls room on a busy machine.
const node = useFakeEthereumNode({ chainId: 8453, nonce: 3, gasPrice: 2n * gwei, baseFeePerGas: gwei })
const gateway = useSharedSigningGateway(() => ({
  networks: { BASE: { rpcUrl: node.url } },
  rpcTimeoutMs: 1000,
}))
const permitTransactions = [
  policy('permit-transactions', 'permit', [{ criterion: 'checkAction', args: ['signTransaction'] }]),
]

describe('signing on a network with a node', () => {
  const setup = useSigningClient(gateway, { policies: permitTransactions })

  const send = (value: string, idempotenceId: string) =>
    setup.call('POST', '/v1/provider/evm/send-transaction', {
      transactionRequest: { chainId: 8453, to: recipient, value },
      source: { type: 'account', id: setup.accounts.BASE! },
      idempotenceId,
    })

  describe('a broadcast whose answer never came', () => {
    // The node has seen only what this describe sends.
    beforeAll(() => node.reset())

    it('is a signed transaction that may be on the network: recorded with its bytes, counted, never failed', async () => {
      node.stallMs = 1500
      const response = await send('1000', 'stalled')
      node.stallMs = undefined
      // The node has the transaction: it may well be mined.
      expect(node.received).toHaveLength(1)
      expect(response.statusCode, response.body).toBe(201)
      const record = response.json().data
      expect(record).toMatchObject({ status: 'signed', externalStatus: 'broadcast_unknown' })
      expect(record.signedTransaction).toBe(node.received[0])
      const read = await setup.call('GET', `/v1/provider/evm/send-transaction/${record.requestId}`)
      expect(read.json().data.signedTransaction).toBe(node.received[0])
    })
  })

  describe('nonces on a network with a node', () => {
    it('never reuse one the provider already signed with, though the node still reports it as next', async () => {
      // A node behind a load balancer often lags: this one always reports 3 as the next nonce.
      const first = await send('3000', 'lagging-node-1')
      const second = await send('4000', 'lagging-node-2')
      expect(first.statusCode, first.body).toBe(201)
      expect(second.statusCode, second.body).toBe(201)
      const [a, b] = [first, second].map((r) => parseTransaction(r.json().data.signedTransaction).nonce ?? -1)
      expect(b).toBeGreaterThan(a ?? -1)
    })
  })
})

describe('networks with an RPC endpoint', () => {
  const setup = useSigningClient(gateway, { policies: permitTransactions })
  // The node has seen only what this describe sends.
  beforeAll(() => node.reset())

  let sequence = 0
  const nextId = () => `broadcast-${++sequence}-${Date.now()}`
  const base = () => ({ type: 'account', id: setup.accounts.BASE! })

  it('broadcasts the signed transaction: the node receives exactly it, and the record is broadcast', async () => {
    const response = await setup.call('POST', '/v1/provider/evm/send-transaction', {
      transactionRequest: { chainId: 8453, to: recipient, value: '1000' },
      source: base(),
      idempotenceId: nextId(),
    })
    expect(response.statusCode, response.body).toBe(201)
    const record = response.json().data
    expect(record.status).toBe('broadcast')
    expect(node.received).toEqual([record.signedTransaction])
    expect(record.txHash).toBe(keccak256(record.signedTransaction))
    expect(await recoverTransactionAddress({ serializedTransaction: record.signedTransaction })).toBe(
      testAddress,
    )
  })

  it('records a broadcast the node refuses as failed, with the provider message', async () => {
    node.reject = 'nonce too low'
    try {
      const response = await setup.call('POST', '/v1/provider/evm/send-transaction', {
        transactionRequest: { chainId: 8453, to: recipient, value: '2000' },
        source: base(),
        idempotenceId: nextId(),
      })
      expect(response.statusCode).toBe(502)
      const error = response.json()
      expect(error.code).toBe('PROVIDER_REJECTED')
      const read = await setup.call('GET', `/v1/provider/evm/send-transaction/${error.context.requestId}`)
      expect(read.json().data).toMatchObject({
        status: 'failed',
        failure: { code: 'PROVIDER_REJECTED', message: error.message },
      })
    } finally {
      node.reject = undefined
    }
  })
})
