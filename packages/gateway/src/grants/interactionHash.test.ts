import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { interactionHash } from './interactionHash'

const input = {
  clientNonce: 'VJLO6A4CATR0KRO',
  serverNonce: 'MBDOFXG4Y5CVJCX821LH',
  interactRef: '4IFWWIKYB2PQ6U56NL1',
  grantEndpoint: 'https://server.example.com/tx',
}

describe('interactionHash', () => {
  it('hashes the four values joined by newlines, without a trailing newline, as unpadded base64url', () => {
    const base = 'VJLO6A4CATR0KRO\nMBDOFXG4Y5CVJCX821LH\n4IFWWIKYB2PQ6U56NL1\nhttps://server.example.com/tx'
    const expected = createHash('sha256').update(base).digest('base64url')
    expect(interactionHash(input)).toBe(expected)
    expect(interactionHash(input)).toMatch(/^[A-Za-z0-9_-]{43}$/)
  })

  it('uses the requested hash method', () => {
    expect(interactionHash({ ...input, hashMethod: 'sha-512' })).toHaveLength(86)
    expect(interactionHash({ ...input, hashMethod: 'sha3-256' })).not.toBe(interactionHash(input))
  })

  it('changes with every one of its inputs', () => {
    const reference = interactionHash(input)
    for (const key of Object.keys(input) as (keyof typeof input)[]) {
      expect(interactionHash({ ...input, [key]: `${input[key]}x` })).not.toBe(reference)
    }
  })
})
