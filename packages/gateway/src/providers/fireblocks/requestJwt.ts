import { createHash, type KeyObject, randomUUID } from 'node:crypto'
import { SignJWT } from 'jose'
import type { OutgoingRequest } from '../http'

/** Fireblocks refuses a JWT valid for longer than 30 seconds; this leaves room for clock skew. */
export const jwtLifetimeSeconds = 25

/** Hex SHA-256 of the exact body bytes sent ('' for a request without a body). */
export const bodyHashOf = (body: string | undefined) =>
  createHash('sha256')
    .update(body ?? '')
    .digest('hex')

/**
 * The headers of one Fireblocks request: `X-API-Key` and a `Bearer` JWT, RS256 with the API user's RSA key, whose
 * claims are `uri` (path and query), a fresh `nonce`, `iat`, `exp` (iat + 25 s, under Fireblocks' 30 s), `sub` (the
 * API key) and `bodyHash`. Made afresh for every attempt: Fireblocks refuses a reused nonce.
 */
export async function fireblocksAuthHeaders(
  credentials: { apiKey: string; key: KeyObject },
  request: OutgoingRequest,
  now: number = Date.now(),
): Promise<Record<string, string>> {
  const iat = Math.floor(now / 1000)
  const jwt = await new SignJWT({
    uri: request.path,
    nonce: randomUUID(),
    iat,
    exp: iat + jwtLifetimeSeconds,
    sub: credentials.apiKey,
    bodyHash: bodyHashOf(request.body),
  })
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
    .sign(credentials.key)
  return { 'X-API-Key': credentials.apiKey, Authorization: `Bearer ${jwt}` }
}
