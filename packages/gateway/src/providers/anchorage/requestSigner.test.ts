import { createPublicKey, verify } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { anchorageAuth, validateAnchorageCredentials } from './credentials'
import { anchorageSignatureInput, signAnchorageRequest } from './requestSigner'

const auth = anchorageAuth(
  validateAnchorageCredentials({
    apiKey: 'anc_0123456789abcdef0123',
    privateKey: '4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb',
  }),
)

describe('Anchorage request signing', () => {
  it('signs timestamp + METHOD + path with query + body, as Anchorage documents it', () => {
    expect(
      anchorageSignatureInput(1577880000, {
        method: 'POST',
        pathWithQuery: '/v2/transfers',
        body: '{"a":1}',
      }),
    ).toBe('1577880000POST/v2/transfers{"a":1}')
    expect(anchorageSignatureInput(1577880000, { method: 'GET', pathWithQuery: '/v2/wallets?limit=2' })).toBe(
      '1577880000GET/v2/wallets?limit=2',
    )
  })

  it('sends the access key, the Unix timestamp in seconds and a hex Ed25519 signature that verifies', () => {
    const request = { method: 'GET' as const, pathWithQuery: '/v2/vaults?limit=100' }
    const headers = signAnchorageRequest(auth, request, new Date('2020-01-01T12:00:00.999Z'))
    expect(headers['Api-Access-Key']).toBe('anc_0123456789abcdef0123')
    expect(headers['Api-Timestamp']).toBe('1577880000')
    expect(headers['Api-Signature']).toMatch(/^[0-9a-f]{128}$/)
    const publicKey = createPublicKey(auth.signingKey)
    const signature = Buffer.from(headers['Api-Signature'], 'hex')
    const input = (text: string) => Buffer.from(text, 'utf8')
    expect(verify(null, input('1577880000GET/v2/vaults?limit=100'), publicKey, signature)).toBe(true)
    // Anything else signed over fails: another timestamp, path, query or method.
    expect(verify(null, input('1577880001GET/v2/vaults?limit=100'), publicKey, signature)).toBe(false)
    expect(verify(null, input('1577880000GET/v2/vaults?limit=10'), publicKey, signature)).toBe(false)
    expect(verify(null, input('1577880000POST/v2/vaults?limit=100'), publicKey, signature)).toBe(false)
  })
})
