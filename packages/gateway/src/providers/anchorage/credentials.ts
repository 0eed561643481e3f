import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto'
import { ProviderError } from '../../core/errors/providerErrors'
import { checkBaseUrl } from '../custodianBaseUrl'

/** Anchorage's API roots (the `/v2` paths hang off them). */
export const anchorageBaseUrls = {
  production: 'https://api.anchorage.com',
  staging: 'https://api.anchorage-staging.com',
} as const

/**
 * Credentials of an Anchorage connection, from an API 2.0 key of the Anchorage Digital web dashboard:
 * - `apiKey`: the API access key, sent as `Api-Access-Key`.
 * - `privateKey`: the key's Ed25519 private signing key: 32 bytes as 64 hex digits (Anchorage's generator gives
 *   this), 64 bytes (private ‖ public, 128 hex digits, checked to agree), or a PKCS #8 PEM.
 * - `baseUrl`: the API root, default `https://api.anchorage.com` (staging: `https://api.anchorage-staging.com`).
 */
export interface AnchorageCredentials {
  apiKey: string
  privateKey: string
  baseUrl?: string
}

/** Credentials once checked: the signing key parsed, the base URL settled. */
export interface AnchorageAuth {
  apiKey: string
  signingKey: KeyObject
  /** Hex of the 32-byte public key, the one registered with Anchorage for the API key. */
  publicKeyHex: string
  baseUrl: string
}

const fields = new Set(['apiKey', 'privateKey', 'baseUrl'])
// PKCS #8 wrapping of a raw Ed25519 private key (RFC 8410): what node:crypto imports.
const pkcs8Ed25519Prefix = Buffer.from('302e020100300506032b657004220420', 'hex')

function invalid(message: string, path: string): never {
  throw new ProviderError('INVALID_CREDENTIALS', message, { path })
}

export function validateAnchorageCredentials(credentials: unknown): AnchorageCredentials {
  if (typeof credentials !== 'object' || credentials === null || Array.isArray(credentials)) {
    invalid('Anchorage credentials must be an object with an apiKey and a privateKey', '')
  }
  const input = credentials as Record<string, unknown>
  const unknownKey = Object.keys(input).find((key) => !fields.has(key))
  if (unknownKey !== undefined) invalid(`Unknown credentials field "${unknownKey}"`, `/${unknownKey}`)
  const { apiKey, privateKey, baseUrl } = input
  if (typeof apiKey !== 'string' || !/^[\x21-\x7e]{16,256}$/.test(apiKey)) {
    invalid('apiKey must be an Anchorage API access key (16 to 256 printable characters)', '/apiKey')
  }
  if (typeof privateKey !== 'string') invalid('privateKey must be a string', '/privateKey')
  parseSigningKey(privateKey)
  return {
    apiKey,
    privateKey,
    ...(baseUrl === undefined ? {} : { baseUrl: checkBaseUrl(baseUrl) }),
  }
}

/** The signing key and public key of checked credentials. */
export function anchorageAuth(credentials: AnchorageCredentials): AnchorageAuth {
  const { signingKey, publicKeyHex } = parseSigningKey(credentials.privateKey)
  return {
    apiKey: credentials.apiKey,
    signingKey,
    publicKeyHex,
    baseUrl: credentials.baseUrl ?? anchorageBaseUrls.production,
  }
}

function parseSigningKey(text: string): { signingKey: KeyObject; publicKeyHex: string } {
  const trimmed = text.trim()
  let signingKey: KeyObject
  let expectedPublic: string | null = null
  if (trimmed.startsWith('-----BEGIN')) {
    try {
      signingKey = createPrivateKey({ key: trimmed, format: 'pem' })
    } catch {
      return invalid('privateKey is not a readable PEM private key', '/privateKey')
    }
    if (signingKey.asymmetricKeyType !== 'ed25519')
      invalid('privateKey must be an Ed25519 key', '/privateKey')
  } else {
    const hex = trimmed.replace(/^0x/i, '')
    if (!/^([0-9a-f]{64}|[0-9a-f]{128})$/i.test(hex)) {
      invalid(
        'privateKey must be an Ed25519 private key: 64 or 128 hex digits, or a PKCS #8 PEM',
        '/privateKey',
      )
    }
    if (hex.length === 128) expectedPublic = hex.slice(64).toLowerCase()
    signingKey = createPrivateKey({
      key: Buffer.concat([pkcs8Ed25519Prefix, Buffer.from(hex.slice(0, 64), 'hex')]),
      format: 'der',
      type: 'pkcs8',
    })
  }
  const jwk = createPublicKey(signingKey).export({ format: 'jwk' })
  const publicKeyHex = Buffer.from(jwk.x as string, 'base64url').toString('hex')
  if (expectedPublic !== null && expectedPublic !== publicKeyHex) {
    invalid('privateKey: its second half is not the public key of its first', '/privateKey')
  }
  return { signingKey, publicKeyHex }
}
