import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { type Hex, keccak256 } from 'viem'

const gwei = 10n ** 9n
const hex = (value: bigint | number) => `0x${value.toString(16)}`

export type FakeEthereumNodeOptions = {
  chainId: number
  /** The next nonce the node reports for any account. */
  nonce: number
  baseFeePerGas: bigint
  gasPrice: bigint
  maxPriorityFeePerGas?: bigint
}

export type FakeEthereumNode = {
  url: string
  /** Every raw transaction sent with eth_sendRawTransaction, in order. */
  received: Hex[]
  /** Every JSON-RPC method called, in order. */
  calls: string[]
  /** The chain id the node reports; a test may change it to make the node lie. */
  chainId: number
  /** The latest block's base fee; a test may change it to make fees move. */
  baseFeePerGas: bigint
  /** When set, eth_sendRawTransaction fails with this message. */
  reject: string | undefined
  /** When set, the node takes a raw transaction but answers eth_sendRawTransaction only this many ms later. */
  stallMs: number | undefined
  reset(): void
  close(): Promise<void>
}

/**
 * A minimal Ethereum JSON-RPC node on loopback: it answers the calls a provider makes to fill and broadcast a
 * transaction, and records the raw transactions it is sent. Tests never reach a real network.
 */
export async function startFakeEthereumNode(options: FakeEthereumNodeOptions): Promise<FakeEthereumNode> {
  const node: FakeEthereumNode = {
    url: '',
    received: [],
    calls: [],
    chainId: options.chainId,
    baseFeePerGas: options.baseFeePerGas,
    reject: undefined,
    stallMs: undefined,
    reset() {
      node.chainId = options.chainId
      node.baseFeePerGas = options.baseFeePerGas
      node.reject = undefined
      node.stallMs = undefined
      node.received = []
      node.calls = []
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }

  const answer = (method: string, params: unknown[]): { result?: unknown; error?: object } => {
    switch (method) {
      case 'eth_chainId':
        return { result: hex(node.chainId) }
      case 'eth_getTransactionCount':
        return { result: hex(options.nonce) }
      case 'eth_estimateGas':
        return { result: (params[0] as { data?: string }).data ? '0xc350' : '0x5208' }
      case 'eth_maxPriorityFeePerGas':
        return { result: hex(options.maxPriorityFeePerGas ?? gwei) }
      case 'eth_gasPrice':
        return { result: hex(options.gasPrice) }
      case 'eth_getBlockByNumber':
        return {
          result: {
            number: '0x10',
            hash: `0x${'11'.repeat(32)}`,
            parentHash: `0x${'22'.repeat(32)}`,
            timestamp: '0x6553f100',
            baseFeePerGas: hex(node.baseFeePerGas),
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

  type Call = { id: number; method: string; params?: unknown[] }
  const server = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk) => {
      body += chunk
    })
    request.on('end', () => {
      const calls = JSON.parse(body) as Call | Call[]
      const one = (call: Call) => {
        node.calls.push(call.method)
        return { jsonrpc: '2.0', id: call.id, ...answer(call.method, call.params ?? []) }
      }
      response.setHeader('content-type', 'application/json')
      const answered = JSON.stringify(Array.isArray(calls) ? calls.map(one) : one(calls))
      const sends = (Array.isArray(calls) ? calls : [calls]).some(
        (c) => c.method === 'eth_sendRawTransaction',
      )
      if (sends && node.stallMs !== undefined) setTimeout(() => response.end(answered), node.stallMs)
      else response.end(answered)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  node.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return node
}
