import { createCipheriv, createDecipheriv, randomBytes, scrypt } from 'node:crypto'
import { ProviderError } from '../../core/errors/providerErrors'

/**
 * A wallet seed encrypted at rest.
 *
 * Scheme (version 1): the 32-byte key is `scrypt(passphrase (UTF-8 NFKC), salt (16 random bytes), N, r, p)`;
 * the seed is sealed with AES-256-GCM under a fresh 12-byte IV, with the associated data
 * `rampart:local-seed:v1:<fingerprint>` so that a blob cannot be moved between vaults unnoticed.
 * All binary fields are base64url. The KDF parameters travel with the blob, and are bounded on decryption.
 */
export interface EncryptedSeed {
  version: 1
  kdf: { name: 'scrypt'; N: number; r: number; p: number; salt: string }
  cipher: { name: 'aes-256-gcm'; iv: string; tag: string }
  ciphertext: string
  /** Public identifier of the seed (BIP-32 master key fingerprint, hex); bound as associated data. */
  fingerprint: string
}

export interface ScryptParams {
  N: number
  r: number
  p: number
}

/** OWASP's scrypt floor (2^17, 8, 1): about 128 MiB and a few hundred ms per unlock. */
export const defaultScryptParams: Readonly<ScryptParams> = Object.freeze({ N: 2 ** 17, r: 8, p: 1 })

const maxN = 2 ** 20
const maxR = 32
const maxP = 16

function checkParams({ N, r, p }: ScryptParams): void {
  const valid =
    Number.isInteger(N) &&
    N >= 2 ** 10 &&
    N <= maxN &&
    (N & (N - 1)) === 0 &&
    Number.isInteger(r) &&
    r >= 1 &&
    r <= maxR &&
    Number.isInteger(p) &&
    p >= 1 &&
    p <= maxP
  if (!valid) {
    throw new ProviderError('STORAGE_CORRUPT', 'Unsupported scrypt parameters', {
      N,
      r,
      p,
      bounds: { N: [2 ** 10, maxN], r: [1, maxR], p: [1, maxP] },
    })
  }
}

function deriveKey(passphrase: string, salt: Uint8Array, { N, r, p }: ScryptParams): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(
      Buffer.from(passphrase.normalize('NFKC'), 'utf8'),
      salt,
      32,
      { N, r, p, maxmem: 256 * N * r + 1024 * 1024 },
      (error, key) => (error ? reject(error) : resolve(key)),
    )
  })
}

const associatedData = (fingerprint: string): Buffer => Buffer.from(`rampart:local-seed:v1:${fingerprint}`)

export async function encryptSeed(
  seed: Uint8Array,
  passphrase: string,
  fingerprint: string,
  params: ScryptParams = defaultScryptParams,
): Promise<EncryptedSeed> {
  checkParams(params)
  const salt = randomBytes(16)
  const iv = randomBytes(12)
  const key = await deriveKey(passphrase, salt, params)
  const cipher = createCipheriv('aes-256-gcm', key, iv)
  cipher.setAAD(associatedData(fingerprint))
  const ciphertext = Buffer.concat([cipher.update(seed), cipher.final()])
  key.fill(0)
  return {
    version: 1,
    kdf: { name: 'scrypt', N: params.N, r: params.r, p: params.p, salt: salt.toString('base64url') },
    cipher: {
      name: 'aes-256-gcm',
      iv: iv.toString('base64url'),
      tag: cipher.getAuthTag().toString('base64url'),
    },
    ciphertext: ciphertext.toString('base64url'),
    fingerprint,
  }
}

function isEncryptedSeed(value: unknown): value is EncryptedSeed {
  const v = value as EncryptedSeed | null
  return (
    typeof v === 'object' &&
    v !== null &&
    v.version === 1 &&
    v.kdf?.name === 'scrypt' &&
    typeof v.kdf.salt === 'string' &&
    v.cipher?.name === 'aes-256-gcm' &&
    typeof v.cipher.iv === 'string' &&
    typeof v.cipher.tag === 'string' &&
    typeof v.ciphertext === 'string' &&
    typeof v.fingerprint === 'string'
  )
}

/** Decrypts a seed; a wrong passphrase (or any tampering) is `INVALID_CREDENTIALS`. */
export async function decryptSeed(encrypted: EncryptedSeed, passphrase: string): Promise<Uint8Array> {
  if (!isEncryptedSeed(encrypted)) {
    throw new ProviderError('STORAGE_CORRUPT', 'The encrypted seed has an unknown format')
  }
  const { N, r, p } = encrypted.kdf
  checkParams({ N, r, p })
  const key = await deriveKey(passphrase, Buffer.from(encrypted.kdf.salt, 'base64url'), { N, r, p })
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(encrypted.cipher.iv, 'base64url'))
    decipher.setAAD(associatedData(encrypted.fingerprint))
    decipher.setAuthTag(Buffer.from(encrypted.cipher.tag, 'base64url'))
    const seed = Buffer.concat([
      decipher.update(Buffer.from(encrypted.ciphertext, 'base64url')),
      decipher.final(),
    ])
    return new Uint8Array(seed)
  } catch {
    throw new ProviderError('INVALID_CREDENTIALS', 'The passphrase does not unlock this wallet seed')
  } finally {
    key.fill(0)
  }
}
