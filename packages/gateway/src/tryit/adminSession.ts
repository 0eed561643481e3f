import { createHmac, timingSafeEqual } from 'node:crypto'

/** How long a try-it sign-in lasts. */
export const sessionSeconds = 30 * 60

/**
 * The key that signs page sessions, derived from the admin API key: every gateway sharing the key accepts the
 * session, and rotating the key ends every session. The key itself never leaves the server.
 */
function sessionKey(adminApiKey: string): Buffer {
  return createHmac('sha256', adminApiKey).update('rampart try-it session v1').digest()
}

function mac(adminApiKey: string, expires: number): string {
  return createHmac('sha256', sessionKey(adminApiKey)).update(`admin.${expires}`).digest('base64url')
}

/** A session cookie value for an admin who just proved the admin key: its expiry and a MAC over it. */
export function newAdminSession(adminApiKey: string, nowSeconds: number): string {
  const expires = nowSeconds + sessionSeconds
  return `${expires}.${mac(adminApiKey, expires)}`
}

/** Whether a cookie value is a session this gateway's admin key made and that has not expired. */
export function isAdminSession(value: string | undefined, adminApiKey: string, nowSeconds: number): boolean {
  const match = /^(\d{1,12})\.([\w-]{43})$/.exec(value ?? '')
  if (!match) return false
  const expires = Number(match[1])
  if (expires <= nowSeconds || expires > nowSeconds + sessionSeconds) return false
  const given = Buffer.from(match[2]!)
  const expected = Buffer.from(mac(adminApiKey, expires))
  return given.length === expected.length && timingSafeEqual(given, expected)
}

/** Constant-time comparison of the key an admin typed with the configured one. */
export function isAdminKey(given: string, adminApiKey: string): boolean {
  const a = createHmac('sha256', 'compare').update(given).digest()
  const b = createHmac('sha256', 'compare').update(adminApiKey).digest()
  return timingSafeEqual(a, b)
}
