import { isProviderError, ProviderError } from '../../core/errors/providerErrors'
import type { SendTransactionRequest } from '../../generated/actions/sendTransactionRequest'
import { isSubmitted } from '../../providers/submitted'
import type { PreparedTransaction } from '../../providers/types'
import { resolveSigner } from '../../resources/resolveSigner'
import type { SigningAction } from '../pipeline/signingAction'
import { decidedRequest, signedOutcome } from './decidedTransaction'
import { iso, requireEvmSigner, requireSameAddress } from './evmSigner'

/** The create body, as `schemas/gateway/actions/` defines it. */
export type SendTransactionBody = SendTransactionRequest

/** A provider's refusal of the transaction, pointing into the create body rather than the provider's input. */
function inBody(error: unknown): unknown {
  if (!isProviderError(error) || typeof error.details.path !== 'string') return error
  const path = error.details.path.replace(/^\/transaction(?=\/|$)/, '/transactionRequest')
  return new ProviderError(error.code, error.message, { ...error.details, path })
}

/** POST /v1/provider/evm/send-transaction: sign (and broadcast when configured) an EVM transaction. */
export const sendTransactionAction: SigningAction<SendTransactionBody, 'signTransaction'> = {
  kind: 'evm.sendTransaction',
  recordIdOf: (body) => body.transactionId,
  async plan({ services, clientId, connectionId }, body) {
    const signer = await resolveSigner(services.db, { clientId, connectionId }, body.source)
    const tx = body.transactionRequest
    requireEvmSigner(signer, tx.chainId, '/transactionRequest/chainId')
    requireSameAddress(signer, tx.from, '/transactionRequest/from')
    // The provider fills the gas limit and fees a request leaves out before the decision, not while signing: the
    // policies judge the network fee the transaction is signed with (a request naming a huge fee per gas and no
    // gas limit had no known fee, so a forbid on the fee did not hold, and was signed with it).
    const session = await services.sessions.sessionFor(clientId, connectionId)
    const transaction = await session
      .prepareTransaction({
        accountExternalId: signer.accountExternalId,
        addressExternalId: signer.addressExternalId,
        transaction: { ...tx, from: signer.address },
      })
      .catch((error: unknown) => {
        throw inBody(error)
      })
    return {
      action: 'signTransaction',
      signer,
      rpcRequest: decidedRequest(transaction, signer.address),
      presets: body.protocolPreset ?? [],
      details: { transaction },
    }
  },
  operation: 'signTransaction',
  async execute(session, plan, body, options) {
    // What was decided: the prepared transaction (a record decided before requests were prepared: its body).
    const decided = (plan.details.transaction as PreparedTransaction | undefined) ?? body.transactionRequest
    const signed = await session.signTransaction(
      {
        accountExternalId: plan.signer.accountExternalId,
        addressExternalId: plan.signer.addressExternalId,
        transaction: { ...decided, from: plan.signer.address },
      },
      options,
    )
    return isSubmitted(signed) ? signed : signedOutcome(signed, { transaction: signed.transaction })
  },
  completed: (_plan, _body, signed) => signedOutcome(signed, { transaction: signed.transaction ?? null }),
  toApi(row) {
    const result = row.result ?? {}
    return {
      requestId: row.requestId,
      createdAt: iso(row.createdAt),
      updatedAt: iso(row.updatedAt),
      status: row.status,
      externalStatus: (result.externalStatus as string | undefined) ?? null,
      externalId: (result.externalId as string | undefined) ?? null,
      txHash: (result.txHash as string | undefined) ?? null,
      signedTransaction: (result.signedTransaction as string | undefined) ?? null,
      sendTransactionRequest: { ...row.body, evaluation: row.evaluation ?? null },
      idempotenceId: row.idempotenceId,
      approvals: row.approvals,
      failure: row.failure ? { code: row.failure.code, message: row.failure.message } : null,
    }
  },
}
