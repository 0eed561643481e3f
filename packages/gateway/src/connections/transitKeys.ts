import { randomUUID } from 'node:crypto'
import { and, eq, gt } from 'drizzle-orm'
import {
  compactDecrypt,
  decodeProtectedHeader,
  exportJWK,
  exportSPKI,
  generateKeyPair,
  importJWK,
  type JWK,
} from 'jose'
import { type MasterKey, openEnvelope, sealEnvelope } from '../core/crypto/envelope'
import type { Database } from '../core/database/openDatabase'
import { transitKeys } from '../core/database/schema'
import { GatewayError } from '../core/errors/gatewayError'
import type { GatewayErrorCode } from '../core/errors/gatewayErrors'

export const transitKeyAlgorithm = 'RSA-OAEP-256'
export const transitContentEncryption = 'A256GCM'

const privateKeyContext = (keyId: string) => `transit-key:${keyId}:private`

/**
 * Creates a transit key pair for one client: the public half is returned, the private half is stored
 * envelope-encrypted and only ever used to decrypt that client's credentials until the key expires.
 */
export async function createTransitKey(
  db: Database,
  masterKey: MasterKey,
  clientId: string,
  ttlSeconds: number,
) {
  const keyId = randomUUID()
  const { publicKey, privateKey } = await generateKeyPair(transitKeyAlgorithm, {
    modulusLength: 2048,
    extractable: true,
  })
  const publicJwk = { ...(await exportJWK(publicKey)), kid: keyId, alg: transitKeyAlgorithm, use: 'enc' }
  const privateJwk = await exportJWK(privateKey)
  const now = new Date()
  await db.insert(transitKeys).values({
    keyId,
    clientId,
    publicJwk,
    encryptedPrivateKey: sealEnvelope(masterKey, JSON.stringify(privateJwk), privateKeyContext(keyId)),
    createdAt: now,
    expiresAt: new Date(now.getTime() + ttlSeconds * 1000),
  })
  return { keyId, publicJwk, pem: await exportSPKI(publicKey) }
}

const invalid = (message: string, code: GatewayErrorCode): never => {
  throw new GatewayError(code, message, { issues: [{ path: '/encryptedCredentials', message }] })
}

/**
 * Decrypts credentials sent as a compact JWE to one of the client's live transit keys. Only RSA-OAEP-256 with
 * A256GCM is accepted; another client's key, an expired key or any other algorithm is refused with a 422.
 */
export async function decryptCredentials(db: Database, masterKey: MasterKey, clientId: string, jwe: string) {
  let header: ReturnType<typeof decodeProtectedHeader>
  try {
    header = decodeProtectedHeader(jwe)
  } catch {
    return invalid('encryptedCredentials is not a compact JWE', 'CREDENTIALS_MALFORMED')
  }
  if (header.alg !== transitKeyAlgorithm || header.enc !== transitContentEncryption) {
    invalid(
      `encryptedCredentials must use alg ${transitKeyAlgorithm} and enc ${transitContentEncryption}`,
      'CREDENTIALS_ALGORITHM_REFUSED',
    )
  }
  if (typeof header.kid !== 'string')
    invalid('encryptedCredentials must name its transit key in kid', 'TRANSIT_KEY_UNKNOWN')
  const [key] = await db
    .select()
    .from(transitKeys)
    .where(
      and(
        eq(transitKeys.keyId, header.kid as string),
        eq(transitKeys.clientId, clientId),
        gt(transitKeys.expiresAt, new Date()),
      ),
    )
  if (!key)
    return invalid(
      'The transit key is unknown or expired: create one with POST /v1/vault/encryption-keys',
      'TRANSIT_KEY_UNKNOWN',
    )
  const privateJwk = JSON.parse(
    openEnvelope(masterKey, key.encryptedPrivateKey, privateKeyContext(key.keyId)),
  ) as JWK
  const privateKey = await importJWK(privateJwk, transitKeyAlgorithm)
  let plaintext: Uint8Array
  try {
    ;({ plaintext } = await compactDecrypt(jwe, privateKey, {
      keyManagementAlgorithms: [transitKeyAlgorithm],
      contentEncryptionAlgorithms: [transitContentEncryption],
    }))
  } catch {
    return invalid('encryptedCredentials does not decrypt with its transit key', 'CREDENTIALS_UNDECRYPTABLE')
  }
  try {
    return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(plaintext)) as unknown
  } catch {
    return invalid('The decrypted credentials are not JSON', 'CREDENTIALS_MALFORMED')
  }
}
