import { formatEther } from 'viem'
import type { SigningRequestRow } from '../../core/database/actionsSchema'
import type { ProviderPosition, StakeTransaction } from '../../providers/types'

export function stakeTransactionToApi(transaction: StakeTransaction) {
  return {
    externalTxId: transaction.externalTxId,
    externalTransactionStatus: transaction.externalTransactionStatus,
    transactionHash: transaction.transactionHash,
    signedTransaction: transaction.signedTransaction ?? null,
  }
}

/** A provider position as the API shows it; its id is the provider's position id. */
export function positionToApi(
  position: ProviderPosition,
  scope: { clientId: string; connectionId: string; provider: string; accountId: string | null },
) {
  return {
    positionId: position.externalId,
    status: position.status,
    provider: scope.provider,
    externalStatus: position.externalStatus,
    networkId: position.networkId,
    accountId: scope.accountId,
    clientId: scope.clientId,
    connectionId: scope.connectionId,
    validatorAddress: position.validatorAddress,
    stakeAccountAddress: position.stakeAccountAddress,
    amount: formatEther(BigInt(position.amount)),
    transactions: position.transactions.map(stakeTransactionToApi),
  }
}

/** The fields StakeRequest and UnstakeRequest share. */
export function stakingRequestFields(row: SigningRequestRow) {
  const result = row.result ?? {}
  const signer = (row.plan?.signer ?? {}) as { networkId?: string; accountId?: string }
  return {
    provider: row.provider,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    networkId: signer.networkId ?? '',
    externalId: (result.externalId as string | undefined) ?? null,
    accountId: signer.accountId ?? '',
    clientId: row.clientId,
    connectionId: row.connectionId,
    status: row.status,
    externalStatus: (result.externalStatus as string | undefined) ?? null,
    idempotenceId: row.idempotenceId,
    evaluation: row.evaluation ?? null,
    approvals: row.approvals,
    failure: row.failure ? { code: row.failure.code, message: row.failure.message } : null,
  }
}
