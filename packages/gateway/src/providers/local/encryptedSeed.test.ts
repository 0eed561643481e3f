import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { decryptSeed, encryptSeed } from './encryptedSeed'

const fast = { N: 2 ** 12, r: 8, p: 1 }
const passphrase = 'correct horse battery staple'

describe('encryptSeed / decryptSeed', () => {
  const seed = new Uint8Array(randomBytes(64))

  it('round-trips with the right passphrase and hides the seed', async () => {
    const encrypted = await encryptSeed(seed, passphrase, 'abcd0123', fast)
    expect(encrypted).toMatchObject({
      version: 1,
      kdf: { name: 'scrypt', N: 4096 },
      cipher: { name: 'aes-256-gcm' },
    })
    expect(JSON.stringify(encrypted)).not.toContain(Buffer.from(seed).toString('base64url'))
    expect(await decryptSeed(encrypted, passphrase)).toEqual(seed)
  })

  it('uses the default (strong) scrypt parameters when none are given', async () => {
    const encrypted = await encryptSeed(seed, passphrase, 'abcd0123')
    expect(encrypted.kdf).toMatchObject({ N: 2 ** 17, r: 8, p: 1 })
    expect(await decryptSeed(encrypted, passphrase)).toEqual(seed)
  })

  it('rejects a wrong passphrase', async () => {
    const encrypted = await encryptSeed(seed, passphrase, 'abcd0123', fast)
    await expect(decryptSeed(encrypted, 'correct horse battery stapler')).rejects.toMatchObject({
      code: 'INVALID_CREDENTIALS',
    })
  })

  it('rejects a tampered ciphertext, tag or fingerprint', async () => {
    const encrypted = await encryptSeed(seed, passphrase, 'abcd0123', fast)
    const bytes = Buffer.from(encrypted.ciphertext, 'base64url')
    bytes[0]! ^= 1
    const tampered = [
      { ...encrypted, ciphertext: bytes.toString('base64url') },
      { ...encrypted, fingerprint: 'abcd0124' },
      { ...encrypted, cipher: { ...encrypted.cipher, tag: Buffer.alloc(16).toString('base64url') } },
    ]
    for (const blob of tampered) {
      await expect(decryptSeed(blob, passphrase)).rejects.toMatchObject({ code: 'INVALID_CREDENTIALS' })
    }
  })

  it('refuses unknown formats and abusive KDF parameters', async () => {
    const encrypted = await encryptSeed(seed, passphrase, 'abcd0123', fast)
    await expect(decryptSeed({ ...encrypted, version: 2 } as never, passphrase)).rejects.toMatchObject({
      code: 'STORAGE_CORRUPT',
    })
    await expect(
      decryptSeed({ ...encrypted, kdf: { ...encrypted.kdf, N: 2 ** 30 } }, passphrase),
    ).rejects.toMatchObject({ code: 'STORAGE_CORRUPT' })
  })
})
