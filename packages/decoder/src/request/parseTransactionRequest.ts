import { DecodingError } from '../errors/decodingError'
import type { Call, Intent } from '../types'
import { type TransactionType, transactionType } from './transactionType'
import {
  isRecord,
  parseAddress,
  parseCalldata,
  parseChainId,
  parseOptionalAddress,
  parseOptionalQuantity,
} from './values'

export interface TransactionRequest {
  call: Call
  /** Where the calldata was read (`data`, or `input` when only that was sent). */
  dataKey: 'data' | 'input'
  /** Absent when the request names no gas field. */
  gas?: NonNullable<Intent['gas']>
  nonce?: bigint
  /** Absent when the request names no type. */
  type?: TransactionType
}

/** The transaction object of eth_sendTransaction / eth_signTransaction (`params[0]`). */
export function parseTransactionRequest(
  value: unknown,
  defaultChainId: number,
  path: string,
): TransactionRequest {
  if (!isRecord(value)) {
    throw new DecodingError('invalidParams', 'params[0] must be a transaction object.', { path })
  }
  const type = transactionType(value, path)
  // As nodes read them: null is absent, and data and input may both be sent when they hold the same bytes.
  const hasData = value.data !== undefined && value.data !== null
  const hasInput = value.input !== undefined && value.input !== null
  const dataKey = hasData || !hasInput ? 'data' : 'input'
  const data = parseCalldata(value[dataKey], path, dataKey)
  if (hasData && hasInput && parseCalldata(value.input, path, 'input') !== data) {
    throw new DecodingError(
      'invalidTransaction',
      'The transaction has both data and input, and they differ.',
      {
        path: `${path}/input`,
      },
    )
  }
  const chainId =
    value.chainId === undefined
      ? defaultChainId
      : parseChainId(unambiguous(value.chainId, path, 'chainId'), path, 'chainId')
  const to = parseOptionalAddress(value.to, path, 'to')
  const from = value.from === undefined ? undefined : parseAddress(value.from, path, 'from')
  const call: Call = {
    chainId,
    data,
    value: parseOptionalQuantity(unambiguous(value.value, path, 'value'), path, 'value') ?? 0n,
  }
  if (from) call.from = from
  if (to) call.to = to
  if (!to && call.data.length <= 2) {
    throw new DecodingError(
      'invalidTransaction',
      'A transaction without `to` deploys code, but it carries no data.',
      {
        path: `${path}/to`,
      },
    )
  }
  const request: TransactionRequest = { call, dataKey }
  if (type) request.type = type
  const gas = parseGas(value, path, type)
  if (gas) request.gas = gas
  const nonce = parseOptionalQuantity(unambiguous(value.nonce, path, 'nonce'), path, 'nonce')
  if (nonce !== undefined) request.nonce = nonce
  return request
}

function parseGas(
  value: Record<string, unknown>,
  path: string,
  type: TransactionType | undefined,
): TransactionRequest['gas'] {
  const read = (key: string, fieldValue: unknown = value[key]) =>
    parseOptionalQuantity(unambiguous(fieldValue, path, key), path, key)
  const gasLimit = read(value.gas !== undefined ? 'gas' : 'gasLimit', value.gas ?? value.gasLimit)
  const gasPrice = read('gasPrice')
  const maxFeePerGas = read('maxFeePerGas')
  const maxPriorityFeePerGas = read('maxPriorityFeePerGas')
  if (
    gasLimit === undefined &&
    gasPrice === undefined &&
    maxFeePerGas === undefined &&
    maxPriorityFeePerGas === undefined
  ) {
    return undefined
  }
  const gas: NonNullable<TransactionRequest['gas']> = {}
  if (gasLimit !== undefined) gas.gasLimit = gasLimit.toString()
  if (gasPrice !== undefined) gas.gasPrice = gasPrice.toString()
  if (maxFeePerGas !== undefined) gas.maxFeePerGas = maxFeePerGas.toString()
  if (maxPriorityFeePerGas !== undefined) gas.maxPriorityFeePerGas = maxPriorityFeePerGas.toString()
  const feeCap = feePerGas(type, gasPrice, maxFeePerGas)
  if (gasLimit !== undefined && feeCap !== undefined) gas.maxFee = (gasLimit * feeCap).toString()
  return gas
}

/**
 * The most a unit of gas costs in the signed transaction: a legacy or access-list transaction pays gasPrice, an
 * EIP-1559 one at most maxFeePerGas, whatever else the request names. Without a type, signers disagree on which
 * applies (viem takes maxFeePerGas, others gasPrice), so the larger bounds what any of them pays.
 */
function feePerGas(
  type: TransactionType | undefined,
  gasPrice: bigint | undefined,
  maxFeePerGas: bigint | undefined,
): bigint | undefined {
  if (type === 'legacy' || type === 'eip2930') return gasPrice ?? maxFeePerGas
  if (type === 'eip1559') return maxFeePerGas ?? gasPrice
  if (gasPrice === undefined || maxFeePerGas === undefined) return gasPrice ?? maxFeePerGas
  return gasPrice > maxFeePerGas ? gasPrice : maxFeePerGas
}

/**
 * A transaction quantity as given, unless it is a string of two or more decimal digits without 0x: MetaMask puts
 * 0x before such a value (a value of 1000000000000000000 wei becomes 0x1000000000000000000, about 4,722 ETH),
 * ethers reads it as decimal, nodes refuse it. One digit reads the same either way, as do JSON numbers and hex.
 */
function unambiguous(quantity: unknown, path: string, key: string): unknown {
  if (typeof quantity === 'string' && quantity.length > 1 && /^[0-9]+$/.test(quantity)) {
    throw new DecodingError(
      'invalidQuantity',
      `${key} is decimal digits without 0x, which wallets read either as hex or as decimal; send 0x hex or a JSON number.`,
      { path: `${path}/${key}` },
    )
  }
  return quantity
}
