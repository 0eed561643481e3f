import { describe, expect, it } from 'vitest'
import { contentSecurityPolicy, newNonce } from './pageHeaders'

describe('contentSecurityPolicy', () => {
  it('allows this origin only, scripts only with the nonce, no framing, no base, forms to this origin', () => {
    const policy = contentSecurityPolicy({ nonce: 'abc' })
    const directives = new Map(
      policy.split('; ').map((directive) => {
        const [name, ...values] = directive.split(' ')
        return [name, values.join(' ')]
      }),
    )
    expect(directives.get('default-src')).toBe("'self'")
    expect(directives.get('script-src')).toBe("'nonce-abc'")
    expect(directives.get('style-src')).toBe("'self'")
    expect(directives.get('object-src')).toBe("'none'")
    expect(directives.get('frame-ancestors')).toBe("'none'")
    expect(directives.get('base-uri')).toBe("'none'")
    expect(directives.get('form-action')).toBe("'self'")
    expect(policy).not.toContain('unsafe')
  })

  it('adds the form targets a page names', () => {
    expect(contentSecurityPolicy({ nonce: 'n', formTargets: ['https://app.example.com'] })).toContain(
      "form-action 'self' https://app.example.com;",
    )
  })
})

describe('newNonce', () => {
  it('is 128 random bits, different each time', () => {
    const nonces = new Set(Array.from({ length: 100 }, newNonce))
    expect(nonces.size).toBe(100)
    for (const nonce of nonces) expect(Buffer.from(nonce, 'base64')).toHaveLength(16)
  })
})
