import { defineErrors, type ErrorRegistry } from '@rampart/entities'

/**
 * The codes custody providers throw, with the HTTP status the gateway answers with. The `code` is stable and safe to
 * match on; `message` is for humans and never contains secrets; `details` carries structured context (a JSON
 * Pointer in `details.path` for input errors). They are codes of the gateway's registry too (gatewayErrors.ts).
 */
export const providerErrors = {
  INVALID_CREDENTIALS: {
    httpStatus: 422,
    meaning:
      'The credentials are malformed, or the provider refused them (wrong passphrase, another mnemonic).',
  },
  INVALID_REQUEST: {
    httpStatus: 422,
    meaning: 'An input is invalid for this provider (address, hex, amount, chainId, missing field...).',
  },
  UNSUPPORTED: {
    httpStatus: 422,
    meaning: 'The provider does not support this action, algorithm or network.',
  },
  INSUFFICIENT_AMOUNT: {
    httpStatus: 422,
    meaning: 'A deduct transfer whose amount does not cover the network fee.',
  },
  NOT_FOUND: {
    httpStatus: 404,
    meaning: 'The wallet, account, address, stake, unstake or position is unknown to the provider.',
  },
  CONFLICT: {
    httpStatus: 409,
    meaning: "The action conflicts with the resource's state (an illegal staking transition, a full wallet).",
  },
  REVOKED: {
    httpStatus: 409,
    meaning: 'The connection was revoked at the provider; no further use is possible.',
  },
  PROVIDER_UNAVAILABLE: {
    httpStatus: 502,
    meaning: "The provider (or the network's node) could not be reached, failed, or is not configured.",
  },
  PROVIDER_REJECTED: {
    httpStatus: 502,
    meaning:
      'The provider or the network refused the action (a broadcast refused by the node, a wrong chain).',
  },
  STORAGE_CORRUPT: {
    httpStatus: 502,
    meaning: "The provider's stored state cannot be read (corrupt, or of an unknown format version).",
  },
} satisfies ErrorRegistry

export type ProviderErrorCode = keyof typeof providerErrors

/** The HTTP status of each provider code (the table above, kept for the providers that read it). */
export const providerErrorCodes = Object.fromEntries(
  Object.entries(providerErrors).map(([code, { httpStatus }]) => [code, httpStatus]),
) as Record<ProviderErrorCode, number>

/** An error a custody provider throws: `new ProviderError(code, message, details?, { cause }?)`. */
export class ProviderError extends defineErrors('ProviderError', providerErrors)() {}

export function isProviderError(error: unknown): error is ProviderError {
  return error instanceof ProviderError
}
