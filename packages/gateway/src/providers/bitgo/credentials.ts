import { ProviderError } from '../../core/errors/providerErrors'
import { checkBaseUrl } from '../custodianBaseUrl'

/** BitGo's two platforms: `test` (app.bitgo-test.com, testnet coins) and `prod` (app.bitgo.com), as BitGoJS names them. */
export type BitgoEnvironment = 'test' | 'prod'

/**
 * Credentials of a BitGo connection, named as BitGo's API and BitGoJS name them.
 * - `accessToken`: a long-lived access token, sent as `Authorization: Bearer <accessToken>`.
 * - `enterpriseId`: the enterprise whose wallets the connection reads (BitGo's `enterprise` id).
 * - `walletPassphrase`: the passphrase that decrypts the user key of the enterprise's wallets, for signing.
 * - `environment`: `test` or `prod`; it chooses the default base URL.
 * - `baseUrl`: another API root (BitGo Express, a proxy); https, or http on loopback only.
 */
export interface BitgoCredentials {
  accessToken: string
  enterpriseId?: string
  walletPassphrase?: string
  environment: BitgoEnvironment
  baseUrl: string
}

export const bitgoBaseUrls: Record<BitgoEnvironment, string> = {
  test: 'https://app.bitgo-test.com',
  prod: 'https://app.bitgo.com',
}

const fields = new Set(['accessToken', 'enterpriseId', 'walletPassphrase', 'environment', 'baseUrl'])

function invalid(message: string, path: string): never {
  throw new ProviderError('INVALID_CREDENTIALS', message, { path })
}

/** An access token: printable ASCII without spaces (BitGo's are `v2x` and 64 hex digits; older ones differ). */
const tokenPattern = /^[\x21-\x7e]{16,512}$/
/** BitGo ids are lowercase hex (24 or 32 digits). */
const idPattern = /^[0-9a-f]{24,32}$/

export function validateBitgoCredentials(credentials: unknown): BitgoCredentials {
  if (typeof credentials !== 'object' || credentials === null || Array.isArray(credentials)) {
    invalid('BitGo credentials must be an object with an accessToken and an environment', '')
  }
  const input = credentials as Record<string, unknown>
  const unknownKey = Object.keys(input).find((key) => !fields.has(key))
  if (unknownKey !== undefined) invalid(`Unknown credentials field "${unknownKey}"`, `/${unknownKey}`)
  const { accessToken, enterpriseId, walletPassphrase, environment, baseUrl } = input
  if (typeof accessToken !== 'string' || !tokenPattern.test(accessToken)) {
    invalid('accessToken must be a BitGo access token (16 to 512 printable characters)', '/accessToken')
  }
  if (environment !== 'test' && environment !== 'prod') {
    invalid('environment must be "test" or "prod"', '/environment')
  }
  if (enterpriseId !== undefined && (typeof enterpriseId !== 'string' || !idPattern.test(enterpriseId))) {
    invalid('enterpriseId must be a BitGo enterprise id (24 or 32 lowercase hex digits)', '/enterpriseId')
  }
  if (
    walletPassphrase !== undefined &&
    (typeof walletPassphrase !== 'string' || walletPassphrase.length === 0 || walletPassphrase.length > 1024)
  ) {
    invalid('walletPassphrase must be a string of 1 to 1024 characters', '/walletPassphrase')
  }
  return {
    accessToken,
    environment,
    baseUrl: baseUrl === undefined ? bitgoBaseUrls[environment] : checkBaseUrl(baseUrl),
    ...(enterpriseId === undefined ? {} : { enterpriseId: enterpriseId as string }),
    ...(walletPassphrase === undefined ? {} : { walletPassphrase: walletPassphrase as string }),
  }
}
