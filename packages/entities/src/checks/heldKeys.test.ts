import { generateKeyPairSync } from 'node:crypto'
import { secp256k1 } from '@noble/curves/secp256k1.js'
import { describe, expect, it } from 'vitest'
import { inspectPublicJwk, type KeyIdentity } from '../checkPublicJwk'
import { HeldKeys } from './heldKeys'

function ecJwk(namedCurve: string): Record<string, unknown> {
  return generateKeyPairSync('ec', { namedCurve }).publicKey.export({ format: 'jwk' }) as Record<
    string,
    unknown
  >
}

function identityOf(jwk: Record<string, unknown>): KeyIdentity {
  const { problems, identity } = inspectPublicJwk(jwk)
  expect(problems).toEqual([])
  return identity!
}

/** The same point's negation: same x, y replaced by p - y, also a point of the curve. */
function negated(jwk: Record<string, unknown>): Record<string, unknown> {
  const { p } = secp256k1.Point.CURVE()
  const y = BigInt(`0x${Buffer.from(String(jwk.y), 'base64url').toString('hex')}`)
  const bytes = Buffer.from((p - y).toString(16).padStart(64, '0'), 'hex')
  return { ...jwk, y: bytes.toString('base64url') }
}

describe('HeldKeys', () => {
  it('finds the credential that holds a key already, however its coordinates are spelled', () => {
    const keys = new HeldKeys()
    const jwk = ecJwk('secp256k1')
    expect(keys.holder(identityOf(jwk), 0)).toBeUndefined()
    expect(keys.holder(identityOf(ecJwk('secp256k1')), 1)).toBeUndefined()
    expect(keys.holder(identityOf({ ...jwk, kid: 'another' }), 2)).toBe(0)
    // 32 bytes take 43 digits, whose last has 2 bits no byte uses: set, they spell the same x.
    const x = String(jwk.x)
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'
    const respelled = x.slice(0, -1) + alphabet[alphabet.indexOf(x.at(-1)!) + 1]
    expect(respelled).not.toBe(x)
    expect(keys.holder(identityOf({ ...jwk, x: respelled }), 3)).toBe(0)
  })

  it('tells apart points that share an x coordinate, and still finds each held twice', () => {
    const keys = new HeldKeys()
    const jwk = ecJwk('secp256k1')
    const mirror = negated(jwk)
    expect(keys.holder(identityOf(jwk), 0)).toBeUndefined()
    expect(keys.holder(identityOf(mirror), 1)).toBeUndefined()
    expect(keys.holder(identityOf(mirror), 2)).toBe(1)
    expect(keys.holder(identityOf(jwk), 3)).toBe(0)
  })

  it('files keys that are not EC points by their fingerprint', () => {
    const keys = new HeldKeys()
    const ed = generateKeyPairSync('ed25519').publicKey.export({ format: 'jwk' }) as Record<string, unknown>
    const p256 = ecJwk('prime256v1')
    expect(keys.holder(identityOf(ed), 0)).toBeUndefined()
    expect(keys.holder(identityOf(p256), 1)).toBeUndefined()
    expect(keys.holder(identityOf({ ...ed, kid: 'again' }), 2)).toBe(0)
    expect(keys.holder(identityOf(p256), 3)).toBe(1)
  })
})
