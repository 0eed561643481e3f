import { generateKeyPairSync, sign } from 'node:crypto'
import { afterAll, describe, expect, it } from 'vitest'
import { Ed25519Verifier } from './ed25519Verifier'

function keyPair() {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519')
  const raw = Buffer.from(publicKey.export({ format: 'jwk' }).x as string, 'base64url')
  return { sign: (message: Buffer) => sign(null, message, privateKey), raw }
}

const verifier = new Ed25519Verifier()
afterAll(() => verifier.close())

describe('Ed25519Verifier', () => {
  it('accepts OpenSSL signatures, many at once, each with its own verdict', async () => {
    const keys = Array.from({ length: 5 }, keyPair)
    const checks = Array.from({ length: 200 }, (_, i) => {
      const key = keys[i % keys.length]!
      const message = Buffer.from(`request ${i}`)
      // Every third check is of another key's signature, so the verdicts must stay matched to their checks.
      const signer = i % 3 === 0 ? keys[(i + 1) % keys.length]! : key
      return { expected: i % 3 !== 0, check: verifier.verify(key.raw, message, signer.sign(message)) }
    })
    for (const { expected, check } of checks) expect(await check).toBe(expected)
  })

  it('refuses a changed message, a changed signature and malformed lengths', async () => {
    const key = keyPair()
    const message = Buffer.from('pay 1 USDC')
    const signature = key.sign(message)
    expect(await verifier.verify(key.raw, Buffer.from('pay 2 USDC'), signature)).toBe(false)
    for (const at of [0, 31, 32, 63]) {
      const damaged = Buffer.from(signature)
      damaged[at]! ^= 1
      expect(await verifier.verify(key.raw, message, damaged)).toBe(false)
    }
    expect(await verifier.verify(key.raw, message, signature.subarray(0, 63))).toBe(false)
    expect(await verifier.verify(key.raw.subarray(0, 31), message, signature)).toBe(false)
  })

  it('refuses a small-order public key, under which OpenSSL accepts a forged signature of any message', async () => {
    const identity = Buffer.alloc(32)
    identity[0] = 1
    const forged = Buffer.alloc(64)
    forged[0] = 1
    expect(await verifier.verify(identity, Buffer.from('anything'), forged)).toBe(false)
  })

  it('refuses the checks not yet answered when it closes, and starts a new thread for the next', async () => {
    const key = keyPair()
    const message = Buffer.from('m')
    const own = new Ed25519Verifier()
    expect(await own.verify(key.raw, message, key.sign(message))).toBe(true)
    const refused = expect(own.verify(key.raw, message, key.sign(message))).rejects.toThrow('closed')
    await own.close()
    await refused
    expect(await own.verify(key.raw, message, key.sign(message))).toBe(true)
    await own.close()
  })
})
