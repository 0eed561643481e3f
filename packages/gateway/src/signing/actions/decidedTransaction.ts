import type { JsonRpcRequest } from '@rampart/decoder'
import type {
  CustodianTransaction,
  DecidedGas,
  EvmTransactionRequest,
  PreparedTransaction,
} from '../../providers/types'
import type { Outcome } from '../pipeline/signingAction'
import { quantity } from './evmSigner'

/** The transaction as a wallet sends it in eth_sendTransaction: hex quantities, gas as `gas`. */
function rpcTransaction(
  tx: EvmTransactionRequest & { chainId: number },
  from: string,
): Record<string, unknown> {
  const out: Record<string, unknown> = { from, chainId: quantity(String(tx.chainId)) }
  if (tx.to != null) out.to = tx.to
  if (tx.value != null) out.value = quantity(tx.value)
  if (tx.data != null) out.data = tx.data
  if (tx.gasLimit != null) out.gas = quantity(tx.gasLimit)
  if (tx.gasPrice != null) out.gasPrice = quantity(tx.gasPrice)
  if (tx.maxFeePerGas != null) out.maxFeePerGas = quantity(tx.maxFeePerGas)
  if (tx.maxPriorityFeePerGas != null) out.maxPriorityFeePerGas = quantity(tx.maxPriorityFeePerGas)
  if (tx.nonce != null) out.nonce = quantity(String(tx.nonce))
  return out
}

/** The request the policies decide on: the prepared transaction, gas and fees included, as a wallet sends it. */
export function decidedRequest(transaction: PreparedTransaction, from: string): JsonRpcRequest {
  return { method: 'eth_sendTransaction', params: [rpcTransaction(transaction, from)] }
}

/**
 * The gas a plan's prepared transaction was decided with, for the provider to sign with. A record planned before
 * transactions were prepared has none, and was decided without a fee (so a fee limit never permitted it).
 */
export function decidedGas(details: Record<string, unknown>): DecidedGas | undefined {
  const transaction = details.transaction as PreparedTransaction | undefined
  if (transaction === undefined) return undefined
  const { type, gasLimit, gasPrice, maxFeePerGas, maxPriorityFeePerGas } = transaction
  return { type, gasLimit, gasPrice, maxFeePerGas, maxPriorityFeePerGas }
}

/**
 * The outcome of a signed transaction: signed, or broadcast, with the action's own result fields beside its bytes
 * (a custodian that signs and sends itself may disclose only the hash).
 */
export function signedOutcome(signed: CustodianTransaction, result: Record<string, unknown>): Outcome {
  const status = signed.broadcast ? 'broadcast' : 'signed'
  return {
    status,
    // Signed, and perhaps on the network: the client can send the same bytes again, never a new request.
    externalStatus: signed.broadcastError === undefined ? status : 'broadcast_unknown',
    externalId: signed.txHash,
    result: {
      txHash: signed.txHash,
      signedTransaction: signed.signedTransaction ?? null,
      ...result,
    },
  }
}
