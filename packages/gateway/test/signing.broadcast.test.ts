import { parseTransaction } from 'viem'
import { describe, expect, it } from 'vitest'
import { policy } from './support/signingClient'
import { useFakeEthereumNode, useSigningGateway } from './support/useTestGateway'

const recipient = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const gwei = 10n ** 9n

const node = useFakeEthereumNode({ chainId: 8453, nonce: 3, gasPrice: 2n * gwei, baseFeePerGas: gwei })
const setup = useSigningGateway(() => ({
  policies: [
    policy('permit-transactions', 'permit', [{ criterion: 'checkAction', args: ['signTransaction'] }]),
  ],
  provider: { networks: { BASE: { rpcUrl: node.url } }, rpcTimeoutMs: 300 },
}))

const send = (value: string, idempotenceId: string) =>
  setup.call('POST', '/v1/provider/evm/send-transaction', {
    transactionRequest: { chainId: 8453, to: recipient, value },
    source: { type: 'account', id: setup.accounts.BASE! },
    idempotenceId,
  })

describe('a broadcast whose answer never came', () => {
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
