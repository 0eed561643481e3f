import { createHash } from 'node:crypto'

/** The hash methods of a grant's `interact.finish.hash_method` (IANA Named Information names) → node digests. */
export const hashMethods = {
  'sha-256': 'sha256',
  'sha-384': 'sha384',
  'sha-512': 'sha512',
  'sha3-256': 'sha3-256',
  'sha3-384': 'sha3-384',
  'sha3-512': 'sha3-512',
} as const

export type HashMethod = keyof typeof hashMethods

export type InteractionHashInput = {
  /** `interact.finish.nonce` of the grant request. */
  clientNonce: string
  /** `interact.finish` of the grant response. */
  serverNonce: string
  interactRef: string
  /** The grant endpoint URI the client sent its grant request to. */
  grantEndpoint: string
  hashMethod?: HashMethod
}

/**
 * The interaction hash of RFC 9635 §4.2.3: the client nonce, the server nonce, the interaction reference and the
 * grant endpoint URI, joined by single newlines (no trailing newline), hashed, and encoded as unpadded base64url.
 * The client recomputes it at its finish URI to know the redirect came from this grant.
 */
export function interactionHash(input: InteractionHashInput): string {
  const base = [input.clientNonce, input.serverNonce, input.interactRef, input.grantEndpoint].join('\n')
  return createHash(hashMethods[input.hashMethod ?? 'sha-256'])
    .update(base, 'utf8')
    .digest('base64url')
}
