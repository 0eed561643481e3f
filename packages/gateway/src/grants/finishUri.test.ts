import { describe, expect, it } from 'vitest'
import { finishRedirect, finishUriProblem } from './finishUri'

describe('finishUriProblem', () => {
  it.each([
    'https://app.example.com/finish',
    'https://app.example.com:8443/finish?session=1',
    'http://127.0.0.1:5000/finish',
    'http://localhost/finish',
    'http://[::1]:3000/cb',
  ])('accepts %s', (uri) => {
    expect(finishUriProblem(uri)).toBeUndefined()
  })

  it.each([
    ['/relative', 'must be an absolute URI'],
    ['http://app.example.com/finish', 'must use https (http only on a loopback host)'],
    ['javascript:alert(1)', 'must use https (http only on a loopback host)'],
    ['https://user:pass@app.example.com/', 'may not carry credentials'],
    ['https://app.example.com/finish#frag', 'may not have a fragment'],
  ])('refuses %s', (uri, problem) => {
    expect(finishUriProblem(uri)).toBe(problem)
  })
})

describe('finishRedirect', () => {
  it('adds the parameters and keeps the existing query', () => {
    const url = new URL(
      finishRedirect('https://app.example.com/f?session=42', { hash: 'h', interact_ref: 'r&x' }),
    )
    expect(url.searchParams.get('session')).toBe('42')
    expect(url.searchParams.get('hash')).toBe('h')
    expect(url.searchParams.get('interact_ref')).toBe('r&x')
  })
})
