import { DecodingError } from '../errors/decodingError'
import type { Call, Intent } from '../types'
import {
  isRecord,
  parseAddress,
  parseChainId,
  parseHexData,
  parseOptionalAddress,
  parseOptionalQuantity,
} from './values'

export interface TransactionRequest {
  call: Call
  gas: NonNullable<Intent['gas']>
  nonce?: bigint
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
  if (value.data !== undefined && value.input !== undefined && value.data !== value.input) {
    throw new DecodingError(
      'invalidTransaction',
      'The transaction has both data and input, and they differ.',
      {
        path: `${path}/input`,
      },
    )
  }
  const dataKey = value.data !== undefined ? 'data' : 'input'
  const chainId =
    value.chainId === undefined ? defaultChainId : parseChainId(value.chainId, `${path}/chainId`)
  const to = parseOptionalAddress(value.to, `${path}/to`)
  const from = value.from === undefined ? undefined : parseAddress(value.from, `${path}/from`)
  const call: Call = {
    chainId,
    data: parseHexData(value[dataKey], `${path}/${dataKey}`),
    value: parseOptionalQuantity(value.value, `${path}/value`) ?? 0n,
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
  const gasLimit = parseOptionalQuantity(
    value.gas ?? value.gasLimit,
    `${path}/${value.gas !== undefined ? 'gas' : 'gasLimit'}`,
  )
  const gasPrice = parseOptionalQuantity(value.gasPrice, `${path}/gasPrice`)
  const maxFeePerGas = parseOptionalQuantity(value.maxFeePerGas, `${path}/maxFeePerGas`)
  const maxPriorityFeePerGas = parseOptionalQuantity(
    value.maxPriorityFeePerGas,
    `${path}/maxPriorityFeePerGas`,
  )
  const gas: TransactionRequest['gas'] = {}
  if (gasLimit !== undefined) gas.gasLimit = gasLimit.toString()
  if (gasPrice !== undefined) gas.gasPrice = gasPrice.toString()
  if (maxFeePerGas !== undefined) gas.maxFeePerGas = maxFeePerGas.toString()
  if (maxPriorityFeePerGas !== undefined) gas.maxPriorityFeePerGas = maxPriorityFeePerGas.toString()
  const feeCap = maxFeePerGas ?? gasPrice
  if (gasLimit !== undefined && feeCap !== undefined) gas.maxFee = (gasLimit * feeCap).toString()
  const nonce = parseOptionalQuantity(value.nonce, `${path}/nonce`)
  return { call, gas, ...(nonce !== undefined ? { nonce } : {}) }
}
