import type { SigningRequestRow } from '../../core/database/actionsSchema'
import { GatewayError } from '../../core/errors/gatewayError'

/** 403 for a request the policies forbid: the decision (matched policies, reason) and the recorded request id. */
export function policyForbidden(row: SigningRequestRow): GatewayError {
  const evaluation = row.evaluation as { decision?: { reason?: { message?: string } } } | null
  return new GatewayError(
    'POLICY_FORBIDDEN',
    `The policies forbid this request: ${evaluation?.decision?.reason?.message ?? 'no decision'}`,
    { requestId: row.requestId, status: row.status, evaluation: row.evaluation },
  )
}

/**
 * The error of a request whose provider call failed: the provider's own code and message, the status its code has
 * in the registry, with the id of the record, which stays readable in its terminal `failed` state. The code comes
 * from the database: one no registry has (a record of another version) is answered as INTERNAL_ERROR, never with a
 * status made up for it; the record's own code stays in context.failure.
 */
export function providerFailed(row: SigningRequestRow): GatewayError {
  const failure = row.failure ?? { code: 'INTERNAL_ERROR', message: 'The request failed' }
  const context = {
    requestId: row.requestId,
    status: row.status,
    failure: { code: failure.code, message: failure.message },
  }
  return GatewayError.isCode(failure.code)
    ? new GatewayError(failure.code, failure.message, context)
    : new GatewayError('INTERNAL_ERROR', 'The request failed', context)
}
