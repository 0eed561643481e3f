import { secp256k1 } from '@noble/curves/secp256k1.js'
import { FlattenedSign, importJWK, type JWK } from 'jose'
import type { JwsAlgorithm } from '../core/crypto/jwsAlgorithms'
import { jwsdType, sha256Base64Url } from './verifyDetachedJws'

export type SignRequestInput = {
  method: string
  /** The absolute URL the request is sent to (query included). */
  url: string
  /** The exact body bytes or text that will be sent; omit for no body. */
  body?: string | Uint8Array
  /** The client's private JWK; its `kid` and `alg` go in the header. */
  privateJwk: JWK
  accessToken?: string
  /** Seconds since the epoch (default: now). */
  created?: number
  /** Sign with the payload segment kept in the JWS instead of detached (both are accepted). */
  attachPayload?: boolean
  /** A unique value, needed only to send the same request twice within one second. */
  jti?: string
}

/**
 * The JWS payload is the 32-byte SHA-256 digest of the body, so its encoded segment is the digest in base64url.
 * Builds the `detached-jws` header for one request (GNAP jwsd, RFC 9635 §7.3.3), as a Rampart client does.
 * The README shows the same steps with plain jose.
 */
export async function signRequest(input: SignRequestInput): Promise<string> {
  const { privateJwk } = input
  const alg = privateJwk.alg as JwsAlgorithm | undefined
  if (!alg || !privateJwk.kid) throw new Error('The private JWK needs a kid and an alg')
  const header: Record<string, unknown> = {
    alg,
    kid: privateJwk.kid,
    typ: jwsdType,
    htm: input.method.toUpperCase(),
    uri: input.url,
    created: input.created ?? Math.floor(Date.now() / 1000),
  }
  if (input.accessToken !== undefined) header.ath = sha256Base64Url(input.accessToken)
  if (input.jti !== undefined) header.jti = input.jti
  const payloadB64 = sha256Base64Url(input.body ?? new Uint8Array())
  let protectedB64: string
  let signatureB64: string
  if (alg === 'ES256K') {
    protectedB64 = Buffer.from(JSON.stringify(header)).toString('base64url')
    const secret = Buffer.from(privateJwk.d ?? '', 'base64url')
    const signature = secp256k1.sign(Buffer.from(`${protectedB64}.${payloadB64}`, 'ascii'), secret, {
      prehash: true,
    })
    signatureB64 = Buffer.from(signature).toString('base64url')
  } else {
    const key = await importJWK(privateJwk, alg)
    const jws = await new FlattenedSign(Buffer.from(payloadB64, 'base64url'))
      .setProtectedHeader(header as { alg: string })
      .sign(key)
    protectedB64 = jws.protected ?? ''
    signatureB64 = jws.signature
  }
  return `${protectedB64}.${input.attachPayload ? payloadB64 : ''}.${signatureB64}`
}
