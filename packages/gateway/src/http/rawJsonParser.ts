import type { FastifyInstance } from 'fastify'
import { BadRequestError } from '../errors/gatewayError'

declare module 'fastify' {
  interface FastifyRequest {
    /** The exact body bytes as received: what the detached JWS signs. */
    rawBody?: Buffer
  }
}

/**
 * Parses JSON bodies from a buffer and keeps the bytes on the request, because the request signature covers
 * the body exactly as sent, not a re-serialization of it.
 */
export function registerRawJsonParser(app: FastifyInstance, bodyLimit: number): void {
  app.removeAllContentTypeParsers()
  app.addContentTypeParser(
    /^application\/(.+\+)?json$/,
    { parseAs: 'buffer', bodyLimit },
    (request, body: Buffer, done) => {
      request.rawBody = body
      if (body.length === 0) return done(null, undefined)
      try {
        done(null, JSON.parse(body.toString('utf8')))
      } catch {
        done(new BadRequestError('The body is not valid JSON', 'MALFORMED_JSON'), undefined)
      }
    },
  )
}
