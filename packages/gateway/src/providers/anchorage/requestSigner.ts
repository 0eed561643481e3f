import { sign } from 'node:crypto'
import type { AnchorageAuth } from './credentials'

export type AnchorageMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/** One request to sign: its path with the query exactly as sent, and the exact body bytes sent (none for GET). */
export interface UnsignedAnchorageRequest {
  method: AnchorageMethod
  /** `/v2/...`, with its query string as it goes on the wire. */
  pathWithQuery: string
  body?: string
}

/**
 * What Anchorage signs: the Unix timestamp in seconds, the uppercase method, the path with its query and the body,
 * concatenated without separators (doc.anchorage.com, "Request signing"). The body is the exact bytes sent, so it
 * is serialized once, signed, and sent as signed.
 */
export function anchorageSignatureInput(timestamp: number, request: UnsignedAnchorageRequest): string {
  return `${timestamp}${request.method.toUpperCase()}${request.pathWithQuery}${request.body ?? ''}`
}

/** The three authentication headers: the access key, the timestamp, and the hex Ed25519 signature. */
export function signAnchorageRequest(
  auth: Pick<AnchorageAuth, 'apiKey' | 'signingKey'>,
  request: UnsignedAnchorageRequest,
  now: Date = new Date(),
): Record<'Api-Access-Key' | 'Api-Timestamp' | 'Api-Signature', string> {
  const timestamp = Math.floor(now.getTime() / 1000)
  const input = Buffer.from(anchorageSignatureInput(timestamp, request), 'utf8')
  return {
    'Api-Access-Key': auth.apiKey,
    'Api-Timestamp': String(timestamp),
    'Api-Signature': sign(null, input, auth.signingKey).toString('hex'),
  }
}
