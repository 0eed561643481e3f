import {
  type Address,
  BaseError,
  createPublicClient,
  type Hex,
  HttpRequestError,
  http,
  type PublicClient,
  RpcError,
  RpcRequestError,
  TimeoutError,
} from 'viem'
import { ProviderError } from '../../core/errors/providerErrors'

/** The few JSON-RPC calls the local provider needs from a network node. */
export interface NetworkRpc {
  pendingNonce(address: Address): Promise<number>
  estimateGas(request: { from: Address; to?: Address; value: bigint; data?: Hex }): Promise<bigint>
  fees(): Promise<{ maxFeePerGas: bigint; maxPriorityFeePerGas: bigint; gasPrice: bigint }>
  sendRawTransaction(serialized: Hex): Promise<Hex>
}

async function call<T>(networkId: string, action: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run()
  } catch (error) {
    // The node's own refusal (nonce too low, insufficient funds, ...) is a rejection; anything else means the
    // node could not be used. Only the node's short message is passed on: viem's errors quote the RPC URL,
    // which may hold an API key, so they are not kept as the cause either.
    const chain = error instanceof BaseError ? error : undefined
    const unreachable = chain?.walk((e) => e instanceof HttpRequestError || e instanceof TimeoutError)
    const rejected = chain?.walk((e) => e instanceof RpcRequestError || e instanceof RpcError)
    if (rejected && !unreachable) {
      const fromNode = chain?.walk((e) => e instanceof RpcRequestError) as RpcRequestError | null | undefined
      const shortMessage = fromNode?.details || chain?.shortMessage || 'The node refused the request'
      throw new ProviderError(
        'PROVIDER_REJECTED',
        `The ${networkId} node refused ${action}: ${shortMessage.slice(0, 300)}`,
        { networkId, action },
      )
    }
    throw new ProviderError(
      'PROVIDER_UNAVAILABLE',
      `The ${networkId} node could not be reached for ${action}`,
      { networkId, action },
      // Kept only to tell a connection never made from a request left unanswered; never shown or logged.
      { cause: connectionFailure(error) },
    )
  }
}

/** Errors of connecting, before any byte of a request is sent. */
const connectCodes = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EADDRNOTAVAIL',
])

/** The connect-phase error code in an error's causes, if any (a bare code: no URL, which may hold an API key). */
function connectionFailure(error: unknown): { code: string } | undefined {
  let cause: unknown = error
  for (let depth = 0; depth < 8 && typeof cause === 'object' && cause !== null; depth++) {
    const code = (cause as { code?: unknown }).code
    if (typeof code === 'string' && connectCodes.has(code)) return { code }
    cause = (cause as { cause?: unknown }).cause
  }
  return undefined
}

function neverConnected(cause: unknown): boolean {
  return (
    typeof cause === 'object' &&
    cause !== null &&
    connectCodes.has(String((cause as { code?: unknown }).code))
  )
}

export function createNetworkRpc(
  networkId: string,
  chainId: number,
  rpcUrl: string,
  timeoutMs: number,
): NetworkRpc {
  const client: PublicClient = createPublicClient({
    transport: http(rpcUrl, { retryCount: 0, timeout: timeoutMs }),
  })
  let chainChecked = false
  const checkChain = async () => {
    if (chainChecked) return
    const remote = await call(networkId, 'eth_chainId', () => client.getChainId())
    if (remote !== chainId) {
      throw new ProviderError(
        'PROVIDER_REJECTED',
        `The ${networkId} node serves chain ${remote}, not ${chainId}`,
        {
          networkId,
          expectedChainId: chainId,
          chainId: remote,
        },
      )
    }
    chainChecked = true
  }
  return {
    async pendingNonce(address) {
      await checkChain()
      return call(networkId, 'eth_getTransactionCount', () =>
        client.getTransactionCount({ address, blockTag: 'pending' }),
      )
    },
    async estimateGas({ from, to, value, data }) {
      await checkChain()
      return call(networkId, 'eth_estimateGas', () => client.estimateGas({ account: from, to, value, data }))
    },
    async fees() {
      await checkChain()
      return call(networkId, 'fee estimation', async () => {
        const [{ maxFeePerGas, maxPriorityFeePerGas }, gasPrice] = await Promise.all([
          client.estimateFeesPerGas(),
          client.getGasPrice(),
        ])
        return { maxFeePerGas, maxPriorityFeePerGas, gasPrice }
      })
    },
    async sendRawTransaction(serialized) {
      await checkChain()
      try {
        return await call(networkId, 'eth_sendRawTransaction', () =>
          client.sendRawTransaction({ serializedTransaction: serialized }),
        )
      } catch (error) {
        // A node that could not be reached never had the transaction; one that did not answer may well have it.
        if (!(error instanceof ProviderError) || error.code !== 'PROVIDER_UNAVAILABLE') throw error
        if (neverConnected(error.cause)) throw error
        throw new ProviderError(error.code, error.message, { ...error.details, deliveryUnknown: true })
      }
    },
  }
}
