import { keccak256, recoverTransactionAddress } from 'viem'
import { describe, expect, it } from 'vitest'
import { policy, testAddress } from './support/signingClient'
import { useFakeEthereumNode, useSigningGateway } from './support/useTestGateway'

const recipient = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const gwei = 10n ** 9n

let sequence = 0
const nextId = () => `broadcast-${++sequence}-${Date.now()}`

const node = useFakeEthereumNode({ chainId: 8453, nonce: 3, gasPrice: 2n * gwei, baseFeePerGas: gwei })
const setup = useSigningGateway(() => ({
  policies: [
    policy('permit-transactions', 'permit', [{ criterion: 'checkAction', args: ['signTransaction'] }]),
  ],
  provider: { networks: { BASE: { rpcUrl: node.url } } },
}))

const base = () => ({ type: 'account', id: setup.accounts.BASE! })

describe('networks with an RPC endpoint', () => {
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
