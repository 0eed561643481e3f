import type { CustodianStatus, SubmittedRequest } from './types'

/** Whether a create's answer says the custodian has the request and signs it later. */
export function isSubmitted(answer: unknown): answer is SubmittedRequest {
  return (
    typeof answer === 'object' && answer !== null && (answer as { submitted?: unknown }).submitted === true
  )
}

/** The statuses after which a custodian does nothing more with a request. */
export const finalCustodianStatuses: ReadonlySet<CustodianStatus> = new Set([
  'completed',
  'failed',
  'rejected',
  'cancelled',
])

export const isFinalCustodianStatus = (status: CustodianStatus): boolean => finalCustodianStatuses.has(status)
