import { randomBytes, timingSafeEqual } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'

/** The form field a page's CSRF token travels in. */
export const csrfField = 'csrf'

export type CsrfCookie = {
  /** The cookie's name; each page family has its own. */
  name: string
  /** The path the cookie is sent to: the page's own. */
  path: string
  /** Seconds the token stays valid. */
  maxAge: number
  /** Whether the gateway is reached over https (the cookie is then `Secure`). */
  secure: boolean
}

/** A new CSRF token (256 random bits). */
export function newCsrfToken(): string {
  return randomBytes(32).toString('base64url')
}

/**
 * Sets the double-submit cookie: the same token goes in the page's form. HttpOnly (no script reads it) and
 * SameSite=Strict (no other site's page sends it), on the page's own path.
 */
export function setCsrfCookie(reply: FastifyReply, token: string, cookie: CsrfCookie): void {
  reply.setCookie(cookie.name, token, {
    path: cookie.path,
    httpOnly: true,
    sameSite: 'strict',
    secure: cookie.secure,
    maxAge: Math.max(1, Math.floor(cookie.maxAge)),
  })
}

export function clearCsrfCookie(reply: FastifyReply, cookie: Pick<CsrfCookie, 'name' | 'path'>): void {
  reply.clearCookie(cookie.name, { path: cookie.path })
}

function same(given: string, expected: string): boolean {
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

export type CsrfRefusal = 'cross-origin' | 'token'

/**
 * Why a form post must be refused, or undefined when it may go on: a post from another origin (its `Origin`, or
 * `Sec-Fetch-Site` when the browser sends no Origin), or one whose form token is missing or differs from its
 * cookie's. Both must hold: the cookie alone rides along with any post, the origin alone is absent from old
 * browsers.
 */
export function csrfRefusal(
  request: FastifyRequest,
  form: URLSearchParams,
  cookieName: string,
  expectedOrigin: string,
): CsrfRefusal | undefined {
  const origin = request.headers.origin
  if (origin !== undefined && origin !== expectedOrigin) return 'cross-origin'
  const site = request.headers['sec-fetch-site']
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return 'cross-origin'
  const cookieToken = request.cookies[cookieName]
  const formToken = form.get(csrfField)
  if (!cookieToken || !formToken || !same(formToken, cookieToken)) return 'token'
  return undefined
}
