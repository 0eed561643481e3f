import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { type Hex, keccak256, recoverTransactionAddress } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { policy, type SigningSetup, startSigningGateway, testAddress } from './support/signingClient'

const recipient = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const gwei = 10n ** 9n

/** A minimal Base JSON-RPC node on loopback: answers what the provider asks and keeps the raw transactions sent. */
const node = { reject: undefined as string | undefined, received: [] as Hex[] }

function answer(
  method: string,
  params: unknown[],
): { result?: unknown; error?: { code: number; message: string } } {
  switch (method) {
    case 'eth_chainId':
      return { result: '0x2105' }
    case 'eth_getTransactionCount':
      return { result: '0x3' }
    case 'eth_estimateGas':
      return { result: '0x5208' }
    case 'eth_maxPriorityFeePerGas':
      return { result: `0x${gwei.toString(16)}` }
    case 'eth_gasPrice':
      return { result: `0x${(2n * gwei).toString(16)}` }
    case 'eth_getBlockByNumber':
      return {
        result: {
          number: '0x10',
          hash: `0x${'11'.repeat(32)}`,
          parentHash: `0x${'22'.repeat(32)}`,
          timestamp: '0x6553f100',
          baseFeePerGas: `0x${gwei.toString(16)}`,
          gasLimit: '0x1c9c380',
          gasUsed: '0x0',
          miner: '0x0000000000000000000000000000000000000000',
          transactions: [],
          uncles: [],
        },
      }
    case 'eth_sendRawTransaction': {
      if (node.reject) return { error: { code: -32000, message: node.reject } }
      const raw = params[0] as Hex
      node.received.push(raw)
      return { result: keccak256(raw) }
    }
    default:
      return { error: { code: -32601, message: `method ${method} not found` } }
  }
}

let server: Server
let setup: SigningSetup
let sequence = 0
const nextId = () => `broadcast-${++sequence}-${Date.now()}`

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk) => {
      body += chunk
    })
    request.on('end', () => {
      const calls = JSON.parse(body) as { id: number; method: string; params: unknown[] }
      const one = (call: { id: number; method: string; params: unknown[] }) => ({
        jsonrpc: '2.0',
        id: call.id,
        ...answer(call.method, call.params ?? []),
      })
      response.setHeader('content-type', 'application/json')
      response.end(JSON.stringify(Array.isArray(calls) ? calls.map(one) : one(calls)))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const rpcUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  setup = await startSigningGateway({
    policies: [
      policy('permit-transactions', 'permit', [{ criterion: 'checkAction', args: ['signTransaction'] }]),
    ],
    provider: { networks: { BASE: { rpcUrl } } },
  })
})
afterAll(async () => {
  await setup?.gateway.close()
  await new Promise<void>((resolve) => server?.close(() => resolve()))
})

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
