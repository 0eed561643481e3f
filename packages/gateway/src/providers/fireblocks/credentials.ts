import { createPrivateKey, type KeyObject } from 'node:crypto'
import { ProviderError } from '../../core/errors/providerErrors'

/**
 * Credentials of a Fireblocks connection: the API user's key (`X-API-Key`, the JWT's `sub`), the RSA private key
 * of that API user in PEM (it signs every request's JWT, RS256), and the API root (default
 * `https://api.fireblocks.io`; `https://sandbox-api.fireblocks.io`, the EU roots, or a test server).
 */
export interface FireblocksCredentials {
  apiKey: string
  privateKey: string
  baseUrl?: string
}

export const defaultFireblocksBaseUrl = 'https://api.fireblocks.io'

function invalid(message: string, path: string): never {
  throw new ProviderError('INVALID_CREDENTIALS', message, { path })
}

const loopback = new Set(['127.0.0.1', 'localhost', '[::1]'])

/** Checks the shape only; Fireblocks itself judges the key on the first request. */
export function validateFireblocksCredentials(credentials: unknown): FireblocksCredentials {
  if (typeof credentials !== 'object' || credentials === null || Array.isArray(credentials)) {
    invalid('Fireblocks credentials must be an object with apiKey and privateKey', '')
  }
  const { apiKey, privateKey, baseUrl, ...rest } = credentials as Record<string, unknown>
  const unknownKey = Object.keys(rest)[0]
  if (unknownKey !== undefined) invalid(`Unknown credentials field "${unknownKey}"`, `/${unknownKey}`)
  if (typeof apiKey !== 'string' || !/^[A-Za-z0-9-]{8,128}$/.test(apiKey)) {
    invalid('apiKey must be the API user key (8–128 letters, digits and dashes)', '/apiKey')
  }
  if (typeof privateKey !== 'string' || privateKey.length > 16_384) {
    invalid('privateKey must be the API user’s RSA private key in PEM', '/privateKey')
  }
  rsaKey(privateKey)
  if (baseUrl === undefined) return { apiKey, privateKey }
  if (typeof baseUrl !== 'string' || baseUrl.length > 512) invalid('baseUrl must be a URL', '/baseUrl')
  let url: URL
  try {
    url = new URL(baseUrl)
  } catch {
    invalid('baseUrl must be a URL', '/baseUrl')
  }
  // Plain HTTP would send the signed JWTs (and what they authorize) in clear: only to this machine.
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback.has(url.hostname))) {
    invalid('baseUrl must be https (http only to a loopback address)', '/baseUrl')
  }
  if (url.search !== '' || url.hash !== '' || url.username !== '' || url.password !== '') {
    invalid('baseUrl must have no query, fragment or user info', '/baseUrl')
  }
  return { apiKey, privateKey, baseUrl: url.href.replace(/\/+$/, '') }
}

/** The PEM as an RSA key object of at least 2048 bits, or INVALID_CREDENTIALS (never the parser's message). */
export function rsaKey(pem: string): KeyObject {
  let key: KeyObject
  try {
    key = createPrivateKey({ key: pem, format: 'pem' })
  } catch {
    invalid('privateKey is not a PEM private key', '/privateKey')
  }
  if (key.asymmetricKeyType !== 'rsa') invalid('privateKey must be an RSA key', '/privateKey')
  const bits = key.asymmetricKeyDetails?.modulusLength ?? 0
  if (bits < 2048) invalid('privateKey must be an RSA key of at least 2048 bits', '/privateKey')
  return key
}
