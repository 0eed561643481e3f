import { generateKeyPairSync, sign, verify } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { ed25519SigningKey, signEd25519 } from './ed25519'

describe('Ed25519 signing through libsodium', () => {
  it('signs exactly as node:crypto (OpenSSL) does, and OpenSSL verifies it', () => {
    for (let i = 0; i < 20; i++) {
      const { privateKey, publicKey } = generateKeyPairSync('ed25519')
      const seed = Buffer.from(privateKey.export({ format: 'jwk' }).d as string, 'base64url')
      const message = Buffer.from(`message ${i} ${'x'.repeat(i * 37)}`)
      const ours = signEd25519(ed25519SigningKey(seed), message)
      expect(ours.equals(sign(null, message, privateKey))).toBe(true)
      expect(verify(null, message, publicKey, ours)).toBe(true)
    }
  })

  it('refuses a private key that is not 32 bytes', () => {
    expect(() => ed25519SigningKey(Buffer.alloc(31))).toThrow('32 bytes')
  })
})
