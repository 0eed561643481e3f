import { generateKeyPairSync, sign, verify } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { ed25519SigningKey, signEd25519, verifyEd25519 } from './ed25519'

function keyPair() {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519')
  const seed = Buffer.from(privateKey.export({ format: 'jwk' }).d as string, 'base64url')
  const raw = Buffer.from(publicKey.export({ format: 'jwk' }).x as string, 'base64url')
  return { privateKey, publicKey, seed, raw }
}

describe('Ed25519 through libsodium', () => {
  it('signs exactly as node:crypto (OpenSSL) does, and each verifies the other', () => {
    for (let i = 0; i < 20; i++) {
      const { privateKey, publicKey, seed, raw } = keyPair()
      const message = Buffer.from(`message ${i} ${'x'.repeat(i * 37)}`)
      const ours = signEd25519(ed25519SigningKey(seed), message)
      expect(ours.equals(sign(null, message, privateKey))).toBe(true)
      expect(verify(null, message, publicKey, ours)).toBe(true)
      expect(verifyEd25519(raw, message, sign(null, message, privateKey))).toBe(true)
    }
  })

  it('refuses a changed message, a changed signature, another key and malformed lengths', () => {
    const { seed, raw } = keyPair()
    const message = Buffer.from('pay 1 USDC')
    const signature = signEd25519(ed25519SigningKey(seed), message)
    expect(verifyEd25519(raw, Buffer.from('pay 2 USDC'), signature)).toBe(false)
    for (const at of [0, 31, 32, 63]) {
      const damaged = Buffer.from(signature)
      damaged[at]! ^= 1
      expect(verifyEd25519(raw, message, damaged)).toBe(false)
    }
    expect(verifyEd25519(keyPair().raw, message, signature)).toBe(false)
    expect(verifyEd25519(raw, message, signature.subarray(0, 63))).toBe(false)
    expect(verifyEd25519(raw.subarray(0, 31), message, signature)).toBe(false)
    expect(() => ed25519SigningKey(seed.subarray(0, 31))).toThrow('32 bytes')
  })

  it('refuses a small-order public key, which a forged signature could otherwise satisfy', () => {
    // The identity point: with it, R = identity and S = 0 "verify" any message under the bare group equation.
    const identity = Buffer.alloc(32)
    identity[0] = 1
    const forged = Buffer.alloc(64)
    forged[0] = 1
    expect(verifyEd25519(identity, Buffer.from('anything'), forged)).toBe(false)
  })
})
