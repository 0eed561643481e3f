import { describe, expect, it } from 'vitest'
import { maxFailures, SignInAttempts, windowMs } from './signInAttempts'

describe('SignInAttempts', () => {
  it(`refuses a peer after ${maxFailures} wrong keys until the window ends; others are unaffected`, () => {
    const attempts = new SignInAttempts()
    for (let i = 0; i < maxFailures; i++) {
      expect(attempts.allowed('10.0.0.1', 1000)).toBe(true)
      attempts.failed('10.0.0.1', 1000)
    }
    expect(attempts.allowed('10.0.0.1', 1000 + windowMs - 1)).toBe(false)
    expect(attempts.allowed('10.0.0.2', 1000)).toBe(true)
    expect(attempts.allowed('10.0.0.1', 1000 + windowMs)).toBe(true)
  })

  it('forgets the failures of a peer that signs in', () => {
    const attempts = new SignInAttempts()
    for (let i = 0; i < maxFailures; i++) attempts.failed('peer', 0)
    attempts.succeeded('peer')
    expect(attempts.allowed('peer', 0)).toBe(true)
  })
})
