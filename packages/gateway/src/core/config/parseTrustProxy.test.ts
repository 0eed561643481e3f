import { describe, expect, it } from 'vitest'
import { parseTrustProxy } from './parseTrustProxy'

describe('parseTrustProxy', () => {
  it('is off unless set', () => {
    for (const value of [undefined, '', 'false', false]) expect(parseTrustProxy(value)).toBeUndefined()
  })

  it('reads true, and addresses, CIDR ranges and named ranges from a string or a list', () => {
    expect(parseTrustProxy('true')).toBe(true)
    expect(parseTrustProxy(true)).toBe(true)
    expect(parseTrustProxy('127.0.0.1, 10.0.0.0/8 ,fd00::/8,loopback')).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      'fd00::/8',
      'loopback',
    ])
    expect(parseTrustProxy(['::1', 'uniquelocal'])).toEqual(['::1', 'uniquelocal'])
  })

  it.each([
    '1',
    'yes',
    'proxy.example.com',
    '10.0.0.0/33',
    '::1/129',
    '10.0.0.0/8/1',
    '127.0.0.1,',
    '10.0.0.0/x',
  ])('names the entry it cannot read: %s', (value) => {
    expect(parseTrustProxy(value)).toHaveProperty('invalid')
  })
})
