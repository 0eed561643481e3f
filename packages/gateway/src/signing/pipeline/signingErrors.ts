import type { SigningRequestRow } from '../../core/database/actionsSchema'
import { ForbiddenError, GatewayError } from '../../core/errors/gatewayError'
import { providerErrorCodes } from '../../core/errors/providerErrors'

/** 403 for a request the policies forbid: the decision (matched policies, reason) and the recorded request id. */
export function policyForbidden(row: SigningRequestRow): ForbiddenError {
  const evaluation = row.evaluation as { decision?: { reason?: { message?: string } } } | null
  return new ForbiddenError(
    `The policies forbid this request: ${evaluation?.decision?.reason?.message ?? 'no decision'}`,
    'POLICY_FORBIDDEN',
    { requestId: row.requestId, status: row.status, evaluation: row.evaluation },
  )
}

/**
 * The error of a request whose provider call failed: the provider's own code, message and status, with the id
 * of the record, which stays readable in its terminal `failed` state.
 */
export function providerFailed(row: SigningRequestRow): GatewayError {
  const failure = row.failure ?? { code: 'INTERNAL_ERROR', message: 'The request failed' }
  const status =
    failure.statusCode ??
    (failure.code in providerErrorCodes
      ? providerErrorCodes[failure.code as keyof typeof providerErrorCodes]
      : 500)
  return new GatewayError(status, failure.code, failure.message, {
    requestId: row.requestId,
    status: row.status,
    failure: { code: failure.code, message: failure.message },
  })
}
