import { validateMnemonic } from '@scure/bip39'
import { wordlist } from '@scure/bip39/wordlists/english.js'
import { ProviderError } from '../../core/errors/providerErrors'

/**
 * Credentials of a local provider connection.
 * - `passphrase` unlocks the connection's encrypted seed (it is the scrypt input; see `encryptedSeed.ts`).
 * - `mnemonic` (optional, BIP-39 English, 12–24 words) imports an existing wallet seed on first connect; later
 *   connects with a mnemonic must use the same one. Without it, the first connect creates a random 256-bit seed.
 */
export interface LocalCredentials {
  passphrase: string
  mnemonic?: string
}

const minPassphraseLength = 12
const maxPassphraseLength = 1024

function invalid(message: string, path: string): never {
  throw new ProviderError('INVALID_CREDENTIALS', message, { path })
}

export function validateLocalCredentials(credentials: unknown): LocalCredentials {
  if (typeof credentials !== 'object' || credentials === null || Array.isArray(credentials)) {
    invalid('Local provider credentials must be an object with a passphrase', '')
  }
  const { passphrase, mnemonic, ...rest } = credentials as Record<string, unknown>
  const unknownKey = Object.keys(rest)[0]
  if (unknownKey !== undefined) invalid(`Unknown credentials field "${unknownKey}"`, `/${unknownKey}`)
  if (typeof passphrase !== 'string') invalid('passphrase must be a string', '/passphrase')
  if (passphrase.length < minPassphraseLength || passphrase.length > maxPassphraseLength) {
    invalid(
      `passphrase must be ${minPassphraseLength} to ${maxPassphraseLength} characters long`,
      '/passphrase',
    )
  }
  if (mnemonic === undefined) return { passphrase }
  if (typeof mnemonic !== 'string' || mnemonic.length > 1024) {
    invalid('mnemonic must be a string', '/mnemonic')
  }
  const normalized = mnemonic.trim().normalize('NFKD').split(/\s+/).join(' ')
  if (!validateMnemonic(normalized, wordlist)) {
    invalid('mnemonic is not a valid BIP-39 English mnemonic', '/mnemonic')
  }
  return { passphrase, mnemonic: normalized }
}
