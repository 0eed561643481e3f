import type { FastifyInstance, FastifyRequest } from 'fastify'

/**
 * The origin clients reach the gateway at: the configured public origin, or else the one of the request (the
 * gateway listens directly), normalized (`http://localhost:80` → `http://localhost`). Grant URIs (redirect,
 * continue, manage) are absolute and built from it.
 */
export function publicOrigin(app: FastifyInstance, request: FastifyRequest): string {
  return new URL(app.config.publicOrigin ?? `${request.protocol}://${request.host}`).origin
}

/**
 * The URI the client signed in its detached JWS (`uri`), which the auth hook verified against the request: the
 * grant endpoint exactly as the client called it, which is the last line of the interaction hash.
 */
export function signedUri(request: FastifyRequest): string | undefined {
  const jws = request.headers['detached-jws']
  if (typeof jws !== 'string') return undefined
  try {
    const header = JSON.parse(Buffer.from(jws.split('.')[0] ?? '', 'base64url').toString('utf8'))
    return typeof header?.uri === 'string' ? header.uri : undefined
  } catch {
    return undefined
  }
}
