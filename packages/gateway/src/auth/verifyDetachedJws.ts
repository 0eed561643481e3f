import { hash } from 'node:crypto'
import type { JWK } from 'jose'
import {
  isAllowedJwsAlgorithm,
  type JwsAlgorithm,
  type VerifyJwsOptions,
  verifyJwsSignature,
} from '../core/crypto/jwsAlgorithms'
import { GatewayError } from '../core/errors/gatewayError'
import type { GatewayErrorCode } from '../core/errors/gatewayErrors'

/** The `typ` of a GNAP detached-JWS request signature (RFC 9635 §7.3.3). */
export const jwsdType = 'gnap-binding-jwsd'

export type DetachedJwsHeader = {
  alg: JwsAlgorithm
  kid: string
  typ: typeof jwsdType
  htm: string
  uri: string
  created: number
  ath?: string
  jti?: string
}

export type VerifyDetachedJwsInput = {
  /** The `detached-jws` header value: `protected..signature`, or `protected.payload.signature`. */
  jws: string | undefined
  method: string
  /** The request target exactly as received: path and query. */
  url: string
  /** The exact body bytes (empty for a request without a body). */
  body: Uint8Array
  /** The token of an `Authorization: GNAP <token>` header, when the request has one. */
  accessToken?: string
  /** The keys of the client named by `x-client-id`: the `kid` must be one of them. */
  keys: readonly JWK[]
  /** Seconds since the epoch. */
  now: number
  /** How far `created` may be from `now`, in seconds, either way. */
  maxAgeSeconds: number
  /**
   * The origin the signed `uri` must have: the gateway's configured public origin, or else the origin the request
   * arrived on. Required, so that a signature made for one deployment is not accepted by another that shares the
   * client's key; `undefined` (the request's origin cannot be known) refuses the request.
   */
  origin: string | undefined
  /** Check the signature on this thread rather than another (see {@link VerifyJwsOptions}). */
  onThisThread?: boolean
}

export type VerifiedRequest = {
  header: DetachedJwsHeader
  /** Identifies this exact signed request, for the replay store. */
  replayKey: string
}

export const sha256Base64Url = (bytes: Uint8Array | string): string => hash('sha256', bytes, 'base64url')

const base64UrlSegment = /^[A-Za-z0-9_-]*$/

function fail(code: GatewayErrorCode, message: string): never {
  throw new GatewayError(code, message)
}

function parseHeader(protectedB64: string): Record<string, unknown> {
  try {
    const header = JSON.parse(Buffer.from(protectedB64, 'base64url').toString('utf8'))
    if (header && typeof header === 'object' && !Array.isArray(header)) return header
  } catch {}
  return fail('JWS_MALFORMED', 'The detached-jws protected header is not a JSON object')
}

/**
 * Verifies a GNAP detached JWS (RFC 9635 §7.3.3) over one HTTP request.
 *
 * The JWS payload is the base64url SHA-256 of the exact body bytes; the signature covers the protected
 * header, so the method (`htm`), target (`uri`), time (`created`) and access-token hash (`ath`) are all bound.
 * Every failure is a {@link GatewayError} with a specific 401 code.
 */
export async function verifyDetachedJws(input: VerifyDetachedJwsInput): Promise<VerifiedRequest> {
  const { jws } = input
  if (!jws) fail('JWS_MISSING', 'The detached-jws header is required')
  if (jws.length > 16_384) fail('JWS_MALFORMED', 'The detached-jws header is too long')
  const parts = jws.split('.')
  if (parts.length !== 3 || !parts.every((part) => base64UrlSegment.test(part))) {
    fail('JWS_MALFORMED', 'The detached-jws header is not a compact JWS')
  }
  const [protectedB64, attachedPayload, signatureB64] = parts as [string, string, string]
  if (!protectedB64 || !signatureB64) fail('JWS_MALFORMED', 'The detached-jws header is not a compact JWS')
  const header = parseHeader(protectedB64)

  if (!isAllowedJwsAlgorithm(header.alg)) {
    fail('JWS_ALGORITHM_REFUSED', 'The detached-jws alg must be one of ES256K, ES256, EdDSA, RS256')
  }
  if (header.typ !== jwsdType) fail('JWS_TYPE_INVALID', `The detached-jws typ must be ${jwsdType}`)
  if (header.crit !== undefined || header.b64 !== undefined) {
    fail('JWS_MALFORMED', 'The detached-jws header may not use crit or b64')
  }
  if (typeof header.kid !== 'string' || header.kid.length === 0) fail('JWS_MALFORMED', 'The kid is missing')
  if (typeof header.htm !== 'string') fail('JWS_MALFORMED', 'The htm (HTTP method) is missing')
  if (typeof header.uri !== 'string') fail('JWS_MALFORMED', 'The uri is missing')
  if (typeof header.created !== 'number' || !Number.isInteger(header.created)) {
    fail('JWS_MALFORMED', 'The created time must be an integer number of seconds')
  }
  if (header.jti !== undefined && (typeof header.jti !== 'string' || header.jti.length > 200)) {
    fail('JWS_MALFORMED', 'The jti must be a string of at most 200 characters')
  }

  if (header.htm.toUpperCase() !== input.method.toUpperCase()) {
    fail('JWS_METHOD_MISMATCH', 'The signed method does not match the request')
  }
  let signedUri: URL
  try {
    signedUri = new URL(header.uri)
  } catch {
    return fail('JWS_URI_MISMATCH', 'The signed uri is not an absolute URL')
  }
  if (`${signedUri.pathname}${signedUri.search}` !== input.url) {
    fail('JWS_URI_MISMATCH', 'The signed uri does not match the request path and query')
  }
  if (input.origin === undefined) {
    fail('JWS_ORIGIN_MISMATCH', 'The request has no usable Host, so no signed uri can match its origin')
  }
  if (signedUri.origin !== input.origin) {
    fail(
      'JWS_ORIGIN_MISMATCH',
      `The signed uri is for ${signedUri.origin}, but this gateway is reached at ${input.origin}: sign the URL the request is sent to`,
    )
  }
  if (Math.abs(input.now - header.created) > input.maxAgeSeconds) {
    fail('JWS_CREATED_OUT_OF_WINDOW', 'The signed created time is outside the accepted window')
  }

  if (input.accessToken !== undefined) {
    if (header.ath !== sha256Base64Url(input.accessToken)) {
      fail('JWS_ATH_MISMATCH', 'The ath does not match the access token of the Authorization header')
    }
  } else if (header.ath !== undefined) {
    fail('JWS_ATH_MISMATCH', 'The ath is signed but the request carries no access token')
  }

  const payloadB64 = sha256Base64Url(input.body)
  if (attachedPayload !== '' && attachedPayload !== payloadB64) {
    fail('JWS_PAYLOAD_MISMATCH', 'The signed body hash does not match the request body')
  }

  const key = input.keys.find((candidate) => candidate.kid === header.kid)
  if (!key) fail('JWS_UNKNOWN_KEY', 'The kid is not a key of this client')
  if (key.alg !== undefined && key.alg !== header.alg) {
    fail('JWS_ALGORITHM_REFUSED', 'The alg is not the algorithm of this key')
  }
  const valid = await verifyJwsSignature(header.alg, key, protectedB64, payloadB64, signatureB64, {
    onThisThread: input.onThisThread === true,
  })
  if (!valid) fail('JWS_SIGNATURE_INVALID', 'The detached-jws signature does not verify')

  return {
    header: header as DetachedJwsHeader,
    replayKey: hash('sha256', `${protectedB64}.${payloadB64}`, 'hex'),
  }
}
