import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto'
import { defineErrors } from '@rampart/entities'
import { internalErrors } from '../errors/internalErrors'

/**
 * Envelope encryption for secrets at rest (provider credentials, transit private keys).
 *
 * Each record gets its own random 256-bit data key; the data key encrypts the secret and the master key
 * encrypts (wraps) the data key, both with AES-256-GCM. The record's context (for example
 * `connection:<id>`) is the additional authenticated data of both layers, so an envelope copied onto another
 * row does not decrypt. Rotating the master key means re-wrapping data keys only.
 */
export type Envelope = {
  v: 1
  /** Which master key wrapped the data key: the first 8 bytes of its SHA-256, hex. */
  mk: string
  /** The wrapped data key: iv ‖ ciphertext ‖ tag, base64url. */
  dk: string
  /** The secret: iv ‖ ciphertext ‖ tag, base64url. */
  ct: string
}

/** A stored secret that does not open: `new EnvelopeError(code, message)`, an ENVELOPE_* code. */
export class EnvelopeError extends defineErrors('EnvelopeError', internalErrors)() {}

export type MasterKey = { key: Buffer; id: string }

/** Reads a master key given as base64 or hex of exactly 32 bytes. */
export function parseMasterKey(text: string): MasterKey {
  const trimmed = text.trim()
  const key = /^[0-9a-fA-F]{64}$/.test(trimmed) ? Buffer.from(trimmed, 'hex') : Buffer.from(trimmed, 'base64')
  if (key.length !== 32) throw new Error('The master key must be 32 bytes, given as hex or base64')
  return { key, id: createHash('sha256').update(key).digest('hex').slice(0, 16) }
}

function seal(key: Buffer, plaintext: Buffer, aad: Buffer): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', key, iv)
  cipher.setAAD(aad)
  const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()])
  return Buffer.concat([iv, ciphertext, cipher.getAuthTag()]).toString('base64url')
}

function open(key: Buffer, sealed: string, aad: Buffer): Buffer {
  const bytes = Buffer.from(sealed, 'base64url')
  if (bytes.length < 28) throw new EnvelopeError('ENVELOPE_MALFORMED', 'The envelope is truncated')
  const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12))
  decipher.setAAD(aad)
  decipher.setAuthTag(bytes.subarray(bytes.length - 16))
  try {
    return Buffer.concat([decipher.update(bytes.subarray(12, bytes.length - 16)), decipher.final()])
  } catch {
    throw new EnvelopeError('ENVELOPE_TAMPERED', 'The envelope does not authenticate')
  }
}

/** Encrypts `plaintext` for storage; `context` binds it to the record it belongs to. */
export function sealEnvelope(masterKey: MasterKey, plaintext: string, context: string): string {
  const dataKey = randomBytes(32)
  const aad = Buffer.from(context, 'utf8')
  try {
    const envelope: Envelope = {
      v: 1,
      mk: masterKey.id,
      dk: seal(masterKey.key, dataKey, aad),
      ct: seal(dataKey, Buffer.from(plaintext, 'utf8'), aad),
    }
    return JSON.stringify(envelope)
  } finally {
    dataKey.fill(0)
  }
}

/** Decrypts what {@link sealEnvelope} stored, for the same `context`. */
export function openEnvelope(masterKey: MasterKey, stored: string, context: string): string {
  let envelope: Envelope
  try {
    envelope = JSON.parse(stored) as Envelope
  } catch {
    throw new EnvelopeError('ENVELOPE_MALFORMED', 'The envelope is not JSON')
  }
  if (envelope?.v !== 1 || typeof envelope.dk !== 'string' || typeof envelope.ct !== 'string') {
    throw new EnvelopeError('ENVELOPE_MALFORMED', 'The envelope has an unknown format')
  }
  if (envelope.mk !== masterKey.id) {
    throw new EnvelopeError('ENVELOPE_WRONG_MASTER_KEY', 'The envelope was sealed with another master key')
  }
  const aad = Buffer.from(context, 'utf8')
  const dataKey = open(masterKey.key, envelope.dk, aad)
  try {
    return open(dataKey, envelope.ct, aad).toString('utf8')
  } finally {
    dataKey.fill(0)
  }
}
