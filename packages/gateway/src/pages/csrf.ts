import { randomBytes, timingSafeEqual } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'

/** The form field a page's CSRF token travels in. */
export const csrfField = 'csrf'

/** The header a page's script sends its CSRF token in, when it posts with `fetch` rather than a form. */
export const csrfHeader = 'x-csrf-token'

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

/** Whether a posted token is the expected one, compared in constant time; anything but a string is not. */
export function sameToken(given: unknown, expected: string): boolean {
  if (typeof given !== 'string') return false
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

/**
 * Whether a post comes from another origin: its `Origin` differs from this one, or `Sec-Fetch-Site` says another
 * site sent it. A form post from an old browser may carry neither; a script's post (`fetch`) always carries
 * `Origin`, so `originRequired` refuses one without it.
 */
export function postFromElsewhere(
  request: FastifyRequest,
  expectedOrigin: string,
  { originRequired = false }: { originRequired?: boolean } = {},
): boolean {
  const origin = request.headers.origin
  if (origin === undefined ? originRequired : origin !== expectedOrigin) return true
  const site = request.headers['sec-fetch-site']
  return site !== undefined && site !== 'same-origin' && site !== 'none'
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
  if (postFromElsewhere(request, expectedOrigin)) return 'cross-origin'
  const cookieToken = request.cookies[cookieName]
  if (!cookieToken || !sameToken(form.get(csrfField), cookieToken)) return 'token'
  return undefined
}
