import { randomBytes } from 'node:crypto'
import type { FastifyReply } from 'fastify'

/** A fresh nonce for one response's Content-Security-Policy (128 random bits). */
export function newNonce(): string {
  return randomBytes(16).toString('base64')
}

export type PagePolicy = {
  nonce: string
  /**
   * Origins a form on the page may post to besides this one. Browsers apply `form-action` to the redirect that
   * follows a post too, so a form that ends on another origin (the grant's finish URI) names it here.
   */
  formTargets?: readonly string[]
}

/**
 * The page's Content-Security-Policy: everything from this origin only, scripts only with this response's nonce,
 * no plugins, no framing by anyone, no `<base>` and forms posting only to this origin (and `formTargets`).
 */
export function contentSecurityPolicy({ nonce, formTargets = [] }: PagePolicy): string {
  return [
    "default-src 'self'",
    `script-src 'nonce-${nonce}'`,
    "style-src 'self'",
    "img-src 'self' data:",
    "object-src 'none'",
    "base-uri 'none'",
    `form-action ${["'self'", ...formTargets].join(' ')}`,
    "frame-ancestors 'none'",
  ].join('; ')
}

/**
 * Sends a page with the headers every page has: the CSP above, no framing (`X-Frame-Options` for browsers that
 * predate `frame-ancestors`), no sniffing, no caching (pages show decisions and hold CSRF tokens), and no referrer
 * to other origins (page URLs may hold secrets).
 */
export function sendPage(reply: FastifyReply, status: number, page: string, policy: PagePolicy) {
  return reply
    .status(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('x-frame-options', 'DENY')
    .header('x-content-type-options', 'nosniff')
    .header('referrer-policy', 'same-origin')
    .header('cross-origin-opener-policy', 'same-origin')
    .header('content-security-policy', contentSecurityPolicy(policy))
    .send(page)
}
