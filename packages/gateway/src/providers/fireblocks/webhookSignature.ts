import { createPublicKey, createVerify, type KeyObject } from 'node:crypto'
import { readFileSync } from 'node:fs'

/**
 * Fireblocks signs each webhook body (v1): the `Fireblocks-Signature` header is the base64 RSA-SHA512 signature of
 * the raw body bytes, made with Fireblocks' key for the workspace's environment (its production and sandbox public
 * keys are published in its webhook documentation; a test server has its own). A body is trusted only when one of
 * the configured keys verifies it.
 */
export function verifyFireblocksWebhook(
  keys: readonly KeyObject[],
  rawBody: Buffer | string,
  signature: string | string[] | undefined,
): boolean {
  const value = Array.isArray(signature) ? signature[0] : signature
  if (!value || value.length > 4096 || !/^[A-Za-z0-9+/=\s]+$/.test(value)) return false
  const bytes = Buffer.from(value, 'base64')
  return keys.some((key) => {
    try {
      return createVerify('RSA-SHA512').update(rawBody).verify(key, bytes)
    } catch {
      return false
    }
  })
}

/** PEM public keys as key objects, refused at start (not at the first webhook) when one is not an RSA key. */
export function webhookKeys(pems: readonly string[]): KeyObject[] {
  return pems.map((pem, index) => {
    const key = createPublicKey(pem)
    if (key.asymmetricKeyType !== 'rsa') throw new Error(`Fireblocks webhook key ${index} is not an RSA key`)
    return key
  })
}

/** The PEM public keys in a file (one or more `-----BEGIN PUBLIC KEY-----` blocks); none without a path. */
export function fireblocksWebhookKeys(path: string | undefined): string[] {
  if (!path) return []
  const text = readFileSync(path, 'utf8')
  const blocks = text.match(/-----BEGIN PUBLIC KEY-----[\s\S]+?-----END PUBLIC KEY-----/g) ?? []
  if (blocks.length === 0) throw new Error(`${path} holds no PEM public key`)
  return blocks
}
