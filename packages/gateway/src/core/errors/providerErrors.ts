/**
 * Errors thrown by custody providers. The `code` is stable and safe to match on; `message` is for humans and
 * never contains secrets; `details` carries structured context (a JSON Pointer in `details.path` for input
 * errors). `httpStatus` is the status the gateway answers with.
 */
export const providerErrorCodes = {
  /** Credentials are malformed, or the provider refused them (wrong passphrase, mismatched mnemonic). */
  INVALID_CREDENTIALS: 422,
  /** An action's input is invalid for this provider (bad address, hex, amount, missing field...). */
  INVALID_REQUEST: 422,
  /** The provider does not support this action, algorithm or network. */
  UNSUPPORTED: 422,
  /** A deduct transfer whose amount does not cover the network fee. */
  INSUFFICIENT_AMOUNT: 422,
  /** The wallet, account, address, stake, unstake or position is unknown to the provider. */
  NOT_FOUND: 404,
  /** The action conflicts with the resource's state (an illegal staking transition, for instance). */
  CONFLICT: 409,
  /** The connection was revoked; no further use is possible. */
  REVOKED: 409,
  /** The provider (or the network's RPC node) could not be reached or failed. */
  PROVIDER_UNAVAILABLE: 502,
  /** The provider or the network rejected the action (a broadcast refused by the node, for instance). */
  PROVIDER_REJECTED: 502,
  /** The provider's stored state cannot be read (corrupt or from an unknown format version). */
  STORAGE_CORRUPT: 502,
} as const

export type ProviderErrorCode = keyof typeof providerErrorCodes

export class ProviderError extends Error {
  override readonly name = 'ProviderError'
  readonly code: ProviderErrorCode
  readonly details: Record<string, unknown>
  readonly httpStatus: number

  constructor(
    code: ProviderErrorCode,
    message: string,
    details: Record<string, unknown> = {},
    cause?: unknown,
  ) {
    super(message, cause === undefined ? undefined : { cause })
    this.code = code
    this.details = details
    this.httpStatus = providerErrorCodes[code]
  }

  toJSON(): { code: ProviderErrorCode; message: string; details: Record<string, unknown> } {
    return { code: this.code, message: this.message, details: this.details }
  }
}

export function isProviderError(error: unknown): error is ProviderError {
  return error instanceof ProviderError
}
