import { decodeUtf8, EntitiesJsonError } from '@rampart/entities'
import type { FastifyInstance } from 'fastify'
import secureJson from 'secure-json-parse'
import { GatewayError } from '../errors/gatewayError'
import { jsonDeeperThan, maxJsonDepth } from './jsonDepth'

declare module 'fastify' {
  interface FastifyRequest {
    /** The exact body bytes as received: what the detached JWS signs. */
    rawBody?: Buffer
  }
}

/**
 * As fastify's own JSON parser does by default: a `__proto__` member, or a `constructor` member holding a
 * `prototype`, is refused, because copying such a body into an object changes the prototype of that object.
 */
const refusePrototypeMembers = { protoAction: 'error', constructorAction: 'error' } as const

/** Why a body was refused: JSON that parses was refused for a prototype member. */
function bodyError(text: string): GatewayError {
  try {
    JSON.parse(text)
  } catch {
    return new GatewayError('MALFORMED_JSON', 'The body is not valid JSON')
  }
  return new GatewayError(
    'FORBIDDEN_JSON_MEMBER',
    'The body has a __proto__ or constructor.prototype member, which could change the prototype of the objects built from it',
  )
}

/**
 * Bytes that are not UTF-8 are refused rather than read as U+FFFD, which would make two different ids (or names,
 * or addresses in an entities document) the same string. Where the first one is goes in the context.
 */
function invalidUtf8(error: unknown): GatewayError {
  const { offset, line, column } = error instanceof EntitiesJsonError ? error.details : {}
  return new GatewayError(
    'INVALID_UTF8',
    `The body is not valid UTF-8${offset === undefined ? '' : ` (from byte ${offset}, line ${line}, column ${column})`}`,
    offset === undefined ? undefined : { offset, line, column },
  )
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
      let text: string
      try {
        text = decodeUtf8(body)
      } catch (error) {
        return done(invalidUtf8(error), undefined)
      }
      if (jsonDeeperThan(text, maxJsonDepth)) {
        return done(
          new GatewayError(
            'JSON_TOO_DEEP',
            `The body nests arrays and objects more than ${maxJsonDepth} levels deep`,
          ),
          undefined,
        )
      }
      try {
        done(null, secureJson.parse(text, null, refusePrototypeMembers))
      } catch {
        done(bodyError(text), undefined)
      }
    },
  )
}
