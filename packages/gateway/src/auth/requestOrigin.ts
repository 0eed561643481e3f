import type { FastifyRequest } from 'fastify'

/** Characters that end a URL's host: a Host holding one would be cut down to another host, not refused. */
const notInHost = /[/?#@\\\s]/

/**
 * The origin (scheme, host and port, normalized: `http://localhost:80` → `http://localhost`) a request arrived
 * on, as fastify sees it: from the socket and the Host header, or from `X-Forwarded-Proto` and
 * `X-Forwarded-Host` when the peer is a proxy the `trustProxy` setting trusts. `undefined` when no usable origin
 * can be made from them: a request without a Host, a Host that is not one, or a scheme other than http and https
 * (whose URL origin is the opaque `null`, which a signed `uri` of any odd scheme would equal).
 */
export function requestOrigin(request: FastifyRequest): string | undefined {
  const { protocol, host } = request
  if ((protocol !== 'http' && protocol !== 'https') || !host || notInHost.test(host)) return undefined
  try {
    return new URL(`${protocol}://${host}`).origin
  } catch {
    return undefined
  }
}
