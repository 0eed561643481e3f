import type { Address, Hex, TransactionSerializable } from 'viem'
import type { EvmTransactionRequest, PreparedTransaction, SignedTransaction } from '../types'
import type { LocalNetwork } from './networks'
import { invalidRequest, parseAddress, parseHex, parseQuantity } from './parseInput'
import type { NetworkRpc } from './rpc'

type TxType = 'legacy' | 'eip2930' | 'eip1559'

const typeAliases: Record<string, TxType> = {
  legacy: 'legacy',
  '0x0': 'legacy',
  '0': 'legacy',
  eip2930: 'eip2930',
  '0x1': 'eip2930',
  '1': 'eip2930',
  eip1559: 'eip1559',
  '0x2': 'eip1559',
  '2': 'eip1559',
}

const present = <T>(value: T | null | undefined): value is T => value !== null && value !== undefined

export interface PrepareTransactionArgs {
  request: EvmTransactionRequest
  network: LocalNetwork & { chainId: number }
  from: Address
  /** The network's node, when configured; fills nonce, gas and fees that the request leaves out. */
  rpc: NetworkRpc | undefined
  /** The next nonce the provider has recorded for this address: used without a node, a floor with one. */
  offlineNonce: number
  offlineFees: { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint }
  /** Gas limit to use without a node when the request has calldata and no gasLimit. */
  fallbackGasLimit?: bigint
  /** JSON Pointer of the request, for error paths. */
  path: string
  /** False to leave a missing nonce out (preparing a transaction to decide on, not to sign). */
  fillNonce?: boolean
}

/** Validates an EVM transaction request and fills what it leaves out, ready to sign. */
export async function prepareTransaction(args: PrepareTransactionArgs): Promise<TransactionSerializable> {
  const { request, network, from, rpc, path } = args
  if (typeof request !== 'object' || request === null) invalidRequest('transaction must be an object', path)

  if (present(request.chainId) && request.chainId !== network.chainId) {
    invalidRequest(
      `chainId ${request.chainId} is not ${network.id}'s chain ${network.chainId}`,
      `${path}/chainId`,
    )
  }
  if (present(request.from) && parseAddress(request.from, `${path}/from`) !== from) {
    invalidRequest('from is not the address of the signing account', `${path}/from`)
  }
  const to = present(request.to) ? parseAddress(request.to, `${path}/to`) : undefined
  const value = present(request.value) ? parseQuantity(request.value, `${path}/value`) : 0n
  const data =
    present(request.data) && request.data !== '0x' ? parseHex(request.data, `${path}/data`) : undefined
  if (to === undefined && data === undefined) {
    invalidRequest('A transaction needs a recipient (to) or contract creation code (data)', `${path}/to`)
  }

  let type: TxType
  if (present(request.type)) {
    const name = String(request.type).toLowerCase()
    const alias = Object.hasOwn(typeAliases, name) ? typeAliases[name] : undefined
    if (!alias) invalidRequest('type must be legacy, eip2930 or eip1559', `${path}/type`)
    type = alias
  } else {
    type = present(request.gasPrice) ? 'legacy' : 'eip1559'
  }
  if (type === 'eip1559' && present(request.gasPrice)) {
    invalidRequest('An eip1559 transaction takes maxFeePerGas, not gasPrice', `${path}/gasPrice`)
  }
  if (type !== 'eip1559' && (present(request.maxFeePerGas) || present(request.maxPriorityFeePerGas))) {
    invalidRequest(`A ${type} transaction takes gasPrice, not maxFeePerGas`, `${path}/maxFeePerGas`)
  }

  let nonce: number | undefined
  if (present(request.nonce)) {
    if (!Number.isSafeInteger(request.nonce) || request.nonce < 0) {
      invalidRequest('nonce must be a non-negative integer', `${path}/nonce`)
    }
    nonce = request.nonce
  } else if (args.fillNonce !== false) {
    // The node's pending count can lag behind what this provider signed (a load-balanced endpoint, a broadcast
    // whose answer was lost): a nonce already signed with is never used again, which would replace that transaction.
    const pending = rpc ? await rpc.pendingNonce(from) : 0
    nonce = Math.max(pending, args.offlineNonce)
  }

  let gas: bigint
  if (present(request.gasLimit)) {
    gas = parseQuantity(request.gasLimit, `${path}/gasLimit`)
    if (gas < 21000n) invalidRequest('gasLimit must be at least 21000', `${path}/gasLimit`)
  } else if (rpc) {
    gas = await rpc.estimateGas({ from, to, value, data })
  } else if (data === undefined) {
    gas = 21000n
  } else if (args.fallbackGasLimit !== undefined) {
    gas = args.fallbackGasLimit
  } else {
    invalidRequest(
      'gasLimit is required for a contract call when the network has no RPC endpoint',
      `${path}/gasLimit`,
    )
  }

  const base = {
    chainId: network.chainId,
    ...(nonce === undefined ? {} : { nonce }),
    gas,
    value,
    ...(to ? { to } : {}),
    ...(data ? { data } : {}),
  }
  if (type === 'eip1559') {
    let maxFeePerGas = present(request.maxFeePerGas)
      ? parseQuantity(request.maxFeePerGas, `${path}/maxFeePerGas`)
      : undefined
    let maxPriorityFeePerGas = present(request.maxPriorityFeePerGas)
      ? parseQuantity(request.maxPriorityFeePerGas, `${path}/maxPriorityFeePerGas`)
      : undefined
    if (maxFeePerGas === undefined || maxPriorityFeePerGas === undefined) {
      const fees = rpc ? await rpc.fees() : args.offlineFees
      maxPriorityFeePerGas ??= fees.maxPriorityFeePerGas
      // biome-ignore lint/complexity/useMathMinMax: bigints, which Math.max does not take
      maxFeePerGas ??= fees.maxFeePerGas > maxPriorityFeePerGas ? fees.maxFeePerGas : maxPriorityFeePerGas
    }
    if (maxPriorityFeePerGas > maxFeePerGas) {
      invalidRequest('maxPriorityFeePerGas cannot exceed maxFeePerGas', `${path}/maxPriorityFeePerGas`)
    }
    return { ...base, type, maxFeePerGas, maxPriorityFeePerGas }
  }
  const gasPrice = present(request.gasPrice)
    ? parseQuantity(request.gasPrice, `${path}/gasPrice`)
    : rpc
      ? (await rpc.fees()).gasPrice
      : args.offlineFees.maxFeePerGas
  return type === 'eip2930' ? { ...base, type, gasPrice, accessList: [] } : { ...base, type, gasPrice }
}

/** The most the transaction can spend on gas: gas × maxFeePerGas (or × gasPrice). */
export function maxNetworkFee(transaction: TransactionSerializable): bigint {
  const perGas = transaction.type === 'eip1559' ? transaction.maxFeePerGas : transaction.gasPrice
  return (transaction.gas ?? 0n) * (perGas ?? 0n)
}

/** A prepared transaction as a request that signs as it stands: decimal strings, its nonce only when it has one. */
export function preparedView(transaction: TransactionSerializable, from: Address): PreparedTransaction {
  const { nonce, ...view } = transactionView(transaction, from)
  const fees =
    transaction.type === 'eip1559'
      ? { maxFeePerGas: view.maxFeePerGas, maxPriorityFeePerGas: view.maxPriorityFeePerGas }
      : { gasPrice: view.gasPrice }
  return {
    from: view.from,
    to: view.to,
    value: view.value,
    data: view.data,
    gasLimit: view.gasLimit,
    ...fees,
    type: view.type,
    chainId: view.chainId,
    ...(transaction.nonce === undefined ? {} : { nonce }),
  }
}

/** The transaction as the gateway records it: decimal strings, no bigints. */
export function transactionView(
  transaction: TransactionSerializable,
  from: Address,
): SignedTransaction['transaction'] {
  const decimal = (value: bigint | undefined) => (value === undefined ? null : value.toString())
  return {
    from,
    to: transaction.to ?? null,
    value: decimal(transaction.value ?? 0n),
    data: (transaction.data as Hex | undefined) ?? null,
    gasLimit: decimal(transaction.gas ?? 0n) as string,
    gasPrice: transaction.type === 'eip1559' ? null : decimal(transaction.gasPrice),
    maxFeePerGas: transaction.type === 'eip1559' ? decimal(transaction.maxFeePerGas) : null,
    maxPriorityFeePerGas: transaction.type === 'eip1559' ? decimal(transaction.maxPriorityFeePerGas) : null,
    nonce: transaction.nonce ?? 0,
    type: transaction.type ?? 'eip1559',
    chainId: transaction.chainId ?? 0,
  }
}
