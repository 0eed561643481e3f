import { decodeUtf8, EntitiesJsonError } from '@rampart/entities'
import type { FastifyInstance } from 'fastify'
import secureJson from 'secure-json-parse'
import { BadRequestError } from '../errors/gatewayError'
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
function bodyError(text: string): BadRequestError {
  try {
    JSON.parse(text)
  } catch {
    return new BadRequestError('The body is not valid JSON', 'MALFORMED_JSON')
  }
  return new BadRequestError(
    'The body has a __proto__ or constructor.prototype member, which could change the prototype of the objects built from it',
    'FORBIDDEN_JSON_MEMBER',
  )
}

/**
 * Bytes that are not UTF-8 are refused rather than read as U+FFFD, which would make two different ids (or names,
 * or addresses in an entities document) the same string. Where the first one is goes in the context.
 */
function invalidUtf8(error: unknown): BadRequestError {
  const { offset, line, column } = error instanceof EntitiesJsonError ? error.details : {}
  return new BadRequestError(
    `The body is not valid UTF-8${offset === undefined ? '' : ` (from byte ${offset}, line ${line}, column ${column})`}`,
    'INVALID_UTF8',
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
          new BadRequestError(
            `The body nests arrays and objects more than ${maxJsonDepth} levels deep`,
            'JSON_TOO_DEEP',
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
