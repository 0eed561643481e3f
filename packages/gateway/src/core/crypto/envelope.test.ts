import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { openEnvelope, parseMasterKey, sealEnvelope } from './envelope'

const masterKey = parseMasterKey(randomBytes(32).toString('base64'))

describe('envelope encryption', () => {
  it('round-trips a secret and never stores it in clear', () => {
    const stored = sealEnvelope(masterKey, '{"mnemonic":"abandon abandon"}', 'connection:c1')
    expect(stored).not.toContain('abandon')
    expect(openEnvelope(masterKey, stored, 'connection:c1')).toBe('{"mnemonic":"abandon abandon"}')
  })

  it('uses a fresh data key per record', () => {
    const a = JSON.parse(sealEnvelope(masterKey, 'same', 'x'))
    const b = JSON.parse(sealEnvelope(masterKey, 'same', 'x'))
    expect(a.dk).not.toBe(b.dk)
    expect(a.ct).not.toBe(b.ct)
  })

  it('refuses another record context, another master key and a flipped bit', () => {
    const stored = sealEnvelope(masterKey, 'secret', 'connection:c1')
    expect(() => openEnvelope(masterKey, stored, 'connection:c2')).toThrow(/does not authenticate/)
    const other = parseMasterKey(randomBytes(32).toString('hex'))
    expect(() => openEnvelope(other, stored, 'connection:c1')).toThrow(/another master key/)
    const envelope = JSON.parse(stored)
    const bytes = Buffer.from(envelope.ct, 'base64url')
    bytes[14] = (bytes[14] ?? 0) ^ 1
    envelope.ct = bytes.toString('base64url')
    expect(() => openEnvelope(masterKey, JSON.stringify(envelope), 'connection:c1')).toThrow(
      /does not authenticate/,
    )
    expect(() => openEnvelope(masterKey, 'not json', 'connection:c1')).toThrow(/not JSON/)
  })

  it('rejects master keys that are not 32 bytes', () => {
    expect(() => parseMasterKey('abcd')).toThrow(/32 bytes/)
  })
})
