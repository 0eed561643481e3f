import { ProviderError, type ProviderErrorCode } from '../../core/errors/providerErrors'

/** What a custodian's error body says, reduced to its code and a short message (see `describeError`). */
export type ProviderFailure = { code?: string | number; message?: string }

/** The ProviderError code of a custodian's HTTP error status. */
export function codeOfStatus(status: number): ProviderErrorCode {
  if (status === 401 || status === 403) return 'INVALID_CREDENTIALS'
  if (status === 404) return 'NOT_FOUND'
  if (status === 409) return 'CONFLICT'
  if (status === 429 || status >= 500) return 'PROVIDER_UNAVAILABLE'
  return 'PROVIDER_REJECTED'
}

/** Printable, one line, bounded: a custodian's message may hold anything. */
function clean(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed.
  const line = text.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim()
  return line.length > 200 ? `${line.slice(0, 200)}…` : line
}

/**
 * A custodian's refusal as a ProviderError: the HTTP status and, when its error body has them, its error code and
 * message (cleaned and bounded). Headers and the raw body are never kept: they may hold tokens or account data.
 */
export function providerErrorOf(
  name: string,
  status: number,
  described?: ProviderFailure,
  flags: { outcomeUnknown?: boolean } = {},
): ProviderError {
  const code = codeOfStatus(status)
  const said = described?.message ? `: ${clean(described.message)}` : ''
  const theirs = described?.code === undefined ? '' : ` (${name} code ${clean(String(described.code))})`
  const what = status === 429 ? `${name} is rate limiting requests` : `${name} answered HTTP ${status}`
  return new ProviderError(code, `${what}${theirs}${said}`, {
    httpStatus: status,
    ...(described?.code === undefined ? {} : { providerCode: String(described.code) }),
    ...(flags.outcomeUnknown ? { outcomeUnknown: true } : {}),
  })
}

/**
 * A request the custodian never answered (refused connection, reset, timeout). For a create, whether it reached the
 * custodian is unknown: `outcomeUnknown` says so, and the request must be looked up (or repeated with the same
 * idempotency key), never sent anew.
 */
export function unreachable(name: string, create: boolean, error: unknown): ProviderError {
  const timedOut = error instanceof Error && /timeout|aborted/i.test(`${error.name} ${error.message}`)
  return new ProviderError(
    'PROVIDER_UNAVAILABLE',
    timedOut ? `${name} did not answer in time` : `${name} could not be reached`,
    create ? { outcomeUnknown: true } : {},
  )
}

/** Whether a create failed without its outcome being known (see {@link unreachable}). */
export const outcomeUnknown = (error: unknown): boolean =>
  error instanceof ProviderError && error.details.outcomeUnknown === true
