import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'

/** What a grant secret is for; the prefix makes a leaked value recognizable (and scannable) at a glance. */
export const secretPrefixes = {
  access: 'rampart-at-',
  management: 'rampart-mt-',
  continuation: 'rampart-ct-',
  interaction: 'rampart-ix-',
  interactRef: 'rampart-ir-',
  csrf: '',
  nonce: '',
} as const

export type SecretKind = keyof typeof secretPrefixes

/** A new 256-bit secret (128-bit for nonces), base64url, with its kind's prefix. */
export function newSecret(kind: SecretKind): string {
  return `${secretPrefixes[kind]}${randomBytes(kind === 'nonce' ? 16 : 32).toString('base64url')}`
}

/**
 * The form a secret is stored and looked up in. The secrets are 256 random bits, so a plain SHA-256 is enough:
 * there is nothing to brute-force, and a lookup by hash stays one indexed query.
 */
export function hashSecret(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex')
}

/** Constant-time string comparison, for secrets compared outside the database. */
export function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}
