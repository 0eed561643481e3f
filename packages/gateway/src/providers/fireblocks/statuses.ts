import type { CustodianStatus } from '../types'

/**
 * Every primary Fireblocks transaction status (developers.fireblocks.com, "Primary transaction statuses") and the
 * normalized status it means. A status missing from this table is read as `submitted`: followed on, never taken
 * for a result.
 */
export const fireblocksStatuses: Readonly<Record<string, CustodianStatus>> = {
  SUBMITTED: 'submitted',
  PENDING_AML_SCREENING: 'submitted',
  PENDING_ENRICHMENT: 'submitted',
  QUEUED: 'submitted',
  // Being cancelled, not yet cancelled: followed until CANCELLED (or whatever it becomes).
  CANCELLING: 'submitted',
  PENDING_AUTHORIZATION: 'pending_approval',
  PENDING_3RD_PARTY_MANUAL_APPROVAL: 'pending_approval',
  PENDING_3RD_PARTY: 'pending_approval',
  PENDING_EMAIL_APPROVAL: 'pending_approval',
  PENDING_CONSOLE_APPROVAL: 'pending_approval',
  PENDING_SIGNATURE: 'signing',
  BROADCASTING: 'broadcasting',
  CONFIRMING: 'broadcasting',
  COMPLETED: 'completed',
  // Multi-destination transactions only (the gateway sends one destination): what was sent is on the network.
  PARTIALLY_COMPLETED: 'completed',
  CANCELLED: 'cancelled',
  REJECTED: 'rejected',
  BLOCKED: 'rejected',
  FAILED: 'failed',
  TIMEOUT: 'failed',
}

export const normalizeFireblocksStatus = (status: string): CustodianStatus =>
  fireblocksStatuses[status] ?? 'submitted'

/**
 * What each Fireblocks sub-status says, in words for the record's failure message ("Transaction sub-statuses").
 * An unknown sub-status is shown as it is.
 */
export const fireblocksSubStatuses: Readonly<Record<string, string>> = {
  // PENDING_3RD_PARTY, CONFIRMING, COMPLETED
  '3RD_PARTY_PROCESSING': 'the third party is processing it',
  '3RD_PARTY_PENDING_SERVICE_MANUAL_APPROVAL': 'it waits for the third party’s manual approval',
  PENDING_3RD_PARTY_MANUAL_APPROVAL: 'it waits for manual approval at the third party',
  '3RD_PARTY_CONFIRMING': 'the third party is confirming it',
  PENDING_BLOCKCHAIN_CONFIRMATIONS: 'it waits for blockchain confirmations',
  '3RD_PARTY_COMPLETED': 'the third party completed it',
  COMPLETED_BUT_3RD_PARTY_FAILED: 'it completed, but the third party failed',
  COMPLETED_BUT_3RD_PARTY_REJECTED: 'it completed, but the third party rejected it',
  CONFIRMED: 'it is confirmed on the blockchain',
  // BLOCKED, REJECTED, CANCELLED
  BLOCKED_BY_POLICY: 'the Fireblocks policy blocked it',
  '3RD_PARTY_CANCELLED': 'the third party cancelled it',
  '3RD_PARTY_REJECTED': 'the third party rejected it',
  CANCELLED_BY_USER: 'a Fireblocks user cancelled it',
  CANCELLED_BY_USER_REQUEST: 'it was cancelled at a user’s request',
  REJECTED_BY_USER: 'a Fireblocks approver rejected it',
  AUTO_FREEZE: 'Fireblocks froze it automatically',
  FROZEN_MANUALLY: 'a Fireblocks user froze it',
  REJECTED_AML_SCREENING: 'AML screening rejected it',
  // FAILED
  ACTUAL_FEE_TOO_HIGH: 'the actual fee was higher than the maximum fee allowed',
  ADDRESS_WHITELISTING_SUSPENDED: 'address whitelisting is suspended',
  AMOUNT_TOO_SMALL: 'the amount is too small',
  AUTHORIZATION_FAILED: 'its authorization failed',
  AUTHORIZER_NOT_FOUND: 'no authorizer was found for it',
  ENV_UNSUPPORTED_ASSET: 'the asset is not supported in this workspace',
  ERROR_UNSUPPORTED_TRANSACTION_TYPE: 'the transaction type is not supported',
  FAIL_ON_LOW_FEE: 'the fee was lower than required',
  GAS_LIMIT_TOO_LOW: 'the gas limit was too low',
  GAS_PRICE_TOO_LOW_FOR_RBF: 'the gas price was too low to replace a transaction',
  INCOMPLETE_USER_SETUP: 'the Fireblocks user setup is incomplete',
  INSUFFICIENT_FUNDS: 'the source has insufficient funds',
  INSUFFICIENT_FUNDS_FOR_FEE: 'the source has insufficient funds for the fee',
  INTEGRATION_SUSPENDED: 'the integration is suspended',
  INVALID_ADDRESS: 'the address is invalid',
  INVALID_CONTRACT_CALL_DATA: 'the contract call data is invalid',
  INVALID_FEE_PARAMS: 'the fee parameters are invalid',
  INVALID_NONCE_FOR_RBF: 'the nonce is invalid for a replacement',
  INVALID_TAG_OR_MEMO: 'the tag or memo is invalid',
  INVALID_UNMANAGED_WALLET: 'the wallet is invalid',
  MAX_FEE_EXCEEDED: 'the fee exceeded the maximum allowed',
  MISSING_TAG_OR_MEMO: 'a tag or memo is missing',
  NEED_MORE_TO_CREATE_DESTINATION: 'the amount does not create the destination account',
  NON_EXISTING_ACCOUNT_NAME: 'the account name does not exist',
  NO_MORE_PREPROCESSED_INDEXES: 'no more preprocessed indexes are available',
  RAW_MSG_EMPTY_OR_INVALID: 'the message to sign is empty or invalid',
  RAW_MSG_LEN_INVALID: 'the message to sign has an invalid length',
  TOO_MANY_INPUTS: 'the transaction has too many inputs',
  TX_SIZE_EXCEEDED_MAX: 'the transaction is too large',
  UNAUTHORISED_DEVICE: 'the signing device is not authorized',
  UNAUTHORISED_USER: 'the user is not authorized',
  UNALLOWED_RAW_PARAM_COMBINATION: 'the raw signing parameters are not allowed together',
  UNSUPPORTED_OPERATION: 'the operation is not supported',
  UNSUPPORTED_TRANSACTION_TYPE: 'the transaction type is not supported',
  ZERO_BALANCE_IN_PERMANENT_ADDRESS: 'the permanent address has no balance',
  CONNECTIVITY_ERROR: 'a connectivity error stopped it',
  DOUBLE_SPENDING: 'it was a double spend',
  DROPPED_BY_BLOCKCHAIN: 'the blockchain dropped it',
  INSUFFICIENT_RESERVED_FUNDING: 'the reserved funding is insufficient',
  INVALID_SIGNATURE: 'its signature was invalid',
  PARTIALLY_FAILED: 'it partially failed',
  POWERUP_SUGGESTION_FAILURE: 'the resource power-up failed',
  REACHED_MEMPOOL_LIMIT_FOR_ACCOUNT: 'the account reached the mempool limit',
  REJECTED_BY_BLOCKCHAIN: 'the blockchain rejected it',
  SIGNING_ERROR: 'signing failed',
  SMART_CONTRACT_EXECUTION_FAILED: 'the smart contract execution failed',
  OUT_OF_DATE_SIGNING_KEYS: 'the signing keys are out of date',
  TIMEOUT: 'it timed out',
  INTERNAL_ERROR: 'Fireblocks failed internally',
  UNKNOWN_ERROR: 'Fireblocks failed for an unknown reason',
}

/** `STATUS` or `STATUS/SUB_STATUS`: the externalStatus a record keeps, verbatim. */
export const externalStatusOf = (status: string, subStatus: string | undefined): string =>
  subStatus ? `${status}/${subStatus}` : status

/** Why a transaction ended without a result, in words. */
export function reasonOf(status: string, subStatus: string | undefined): string {
  const said = subStatus ? (fireblocksSubStatuses[subStatus] ?? subStatus) : undefined
  return `Fireblocks ended the transaction ${status}${said ? `: ${said}` : ''}`
}
