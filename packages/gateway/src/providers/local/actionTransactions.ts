import { type Address, encodeFunctionData, erc20Abi, type TransactionSerializable } from 'viem'
import type { DecidedGas, EvmTransactionRequest } from '../types'
import { withdrawAbi } from './staking'

/** A native transfer sends the value; an ERC-20 transfer calls the token's transfer(to, amount). */
export function transferTransaction(
  destination: Address,
  amount: bigint,
  contract: Address | null,
): EvmTransactionRequest {
  if (contract === null) return { to: destination, value: amount.toString() }
  return {
    to: contract,
    value: '0',
    data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [destination, amount] }),
  }
}

/** Staking deposits the amount into the validator contract (its payable receive function). */
export function stakeTransaction(validator: Address, amount: bigint): EvmTransactionRequest {
  return { to: validator, value: amount.toString() }
}

/** Unstaking calls the validator contract's withdraw(amount). */
export function unstakeTransaction(validator: string, amount: bigint): EvmTransactionRequest {
  return {
    to: validator,
    value: '0',
    data: encodeFunctionData({ abi: withdrawAbi, functionName: 'withdraw', args: [amount] }),
  }
}

/** The request with the decided gas limit, type and fees in place of those the provider would choose. */
export function withGas(request: EvmTransactionRequest, gas: DecidedGas | undefined): EvmTransactionRequest {
  if (gas === undefined) return request
  return {
    ...request,
    type: gas.type,
    gasLimit: gas.gasLimit,
    gasPrice: gas.gasPrice ?? null,
    maxFeePerGas: gas.maxFeePerGas ?? null,
    maxPriorityFeePerGas: gas.maxPriorityFeePerGas ?? null,
  }
}

/** The gas limit, type and fees of a prepared transaction. */
export function gasOf(transaction: TransactionSerializable): DecidedGas {
  const gasLimit = (transaction.gas ?? 0n).toString()
  const type = transaction.type ?? 'eip1559'
  if (type === 'eip1559') {
    return {
      type,
      gasLimit,
      maxFeePerGas: transaction.maxFeePerGas?.toString() ?? null,
      maxPriorityFeePerGas: transaction.maxPriorityFeePerGas?.toString() ?? null,
    }
  }
  return { type, gasLimit, gasPrice: transaction.gasPrice?.toString() ?? null }
}
