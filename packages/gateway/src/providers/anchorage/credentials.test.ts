import { generateKeyPairSync } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { anchorageAuth, validateAnchorageCredentials } from './credentials'

// RFC 8032, section 7.1, test 2: a private key and its public key.
const rfcPrivate = '4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb'
const rfcPublic = '3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c'
const apiKey = 'anc_0123456789abcdef0123'

describe('Anchorage credentials', () => {
  it('accept a 32-byte hex key, a 64-byte private ‖ public key and a PKCS #8 PEM, all giving the same public key', () => {
    const pem = generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString()
    for (const privateKey of [rfcPrivate, `0x${rfcPrivate.toUpperCase()}`, `${rfcPrivate}${rfcPublic}`]) {
      const credentials = validateAnchorageCredentials({ apiKey, privateKey })
      expect(anchorageAuth(credentials).publicKeyHex).toBe(rfcPublic)
    }
    expect(anchorageAuth(validateAnchorageCredentials({ apiKey, privateKey: pem })).publicKeyHex).toMatch(
      /^[0-9a-f]{64}$/,
    )
  })

  it('default to Anchorage’s production API and take another base URL per connection', () => {
    expect(anchorageAuth(validateAnchorageCredentials({ apiKey, privateKey: rfcPrivate })).baseUrl).toBe(
      'https://api.anchorage.com',
    )
    const staging = validateAnchorageCredentials({
      apiKey,
      privateKey: rfcPrivate,
      baseUrl: 'https://api.anchorage-staging.com/',
    })
    expect(anchorageAuth(staging).baseUrl).toBe('https://api.anchorage-staging.com')
  })

  it.each([
    [undefined, ''],
    ['text', ''],
    [{ privateKey: rfcPrivate }, '/apiKey'],
    [{ apiKey: 'short', privateKey: rfcPrivate }, '/apiKey'],
    [{ apiKey }, '/privateKey'],
    [{ apiKey, privateKey: rfcPrivate.slice(2) }, '/privateKey'],
    [{ apiKey, privateKey: `${rfcPrivate}${'00'.repeat(32)}` }, '/privateKey'],
    [{ apiKey, privateKey: 'zz'.repeat(32) }, '/privateKey'],
    [
      {
        apiKey,
        privateKey: generateKeyPairSync('ec', { namedCurve: 'P-256' })
          .privateKey.export({ format: 'pem', type: 'pkcs8' })
          .toString(),
      },
      '/privateKey',
    ],
    [
      { apiKey, privateKey: '-----BEGIN PRIVATE KEY-----\nnot a key\n-----END PRIVATE KEY-----' },
      '/privateKey',
    ],
    [{ apiKey, privateKey: rfcPrivate, baseUrl: 'http://api.anchorage.com' }, '/baseUrl'],
    [{ apiKey, privateKey: rfcPrivate, baseUrl: 'https://api.anchorage.com/?x=1' }, '/baseUrl'],
    [{ apiKey, privateKey: rfcPrivate, secret: 'x' }, '/secret'],
  ])('refuse %j with INVALID_CREDENTIALS at %s, without repeating the key', (credentials, path) => {
    let caught: unknown
    try {
      validateAnchorageCredentials(credentials)
    } catch (error) {
      caught = error
    }
    expect(caught).toMatchObject({ code: 'INVALID_CREDENTIALS', details: { path } })
    expect(JSON.stringify({ ...(caught as object), message: (caught as Error).message })).not.toContain(
      rfcPrivate.slice(8, 40),
    )
  })
})
