import { describe, expect, it } from 'vitest'
import { isAdminKey, isAdminSession, newAdminSession, sessionSeconds } from './adminSession'

const key = 'the-admin-api-key'
const now = 1_800_000_000

describe('admin page sessions', () => {
  it('accepts a session the admin key made, until it expires', () => {
    const session = newAdminSession(key, now)
    expect(isAdminSession(session, key, now)).toBe(true)
    expect(isAdminSession(session, key, now + sessionSeconds - 1)).toBe(true)
    expect(isAdminSession(session, key, now + sessionSeconds)).toBe(false)
  })

  it('refuses a session after the admin key changed, a changed expiry, a forged MAC and garbage', () => {
    const session = newAdminSession(key, now)
    expect(isAdminSession(session, 'another-key', now)).toBe(false)
    const [, mac] = session.split('.')
    expect(isAdminSession(`${now + sessionSeconds + 100}.${mac}`, key, now)).toBe(false)
    expect(isAdminSession(`${now + 60}.${mac}`, key, now)).toBe(false)
    expect(isAdminSession(`${now + 60}.${'A'.repeat(43)}`, key, now)).toBe(false)
    for (const value of [undefined, '', 'admin', `${now + 60}`, `${now + 60}.`, `-1.${mac}`]) {
      expect(isAdminSession(value, key, now)).toBe(false)
    }
  })

  it('refuses a session that claims to last longer than a session does', () => {
    const far = newAdminSession(key, now + 10 * sessionSeconds)
    expect(isAdminSession(far, key, now)).toBe(false)
  })

  it('compares the typed key with the admin key', () => {
    expect(isAdminKey(key, key)).toBe(true)
    expect(isAdminKey(`${key} `, key)).toBe(false)
    expect(isAdminKey('', key)).toBe(false)
  })
})
