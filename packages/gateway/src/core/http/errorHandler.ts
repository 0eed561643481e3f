import type { FastifyError, FastifyInstance } from 'fastify'
import type { ErrorBody } from '../errors/errorBody'
import { GatewayError } from '../errors/gatewayError'
import { isProviderError } from '../errors/providerErrors'
import { validationIssues } from './validationIssues'

/**
 * Maps every failure to the one error body:
 * 400 malformed (unparsable JSON, bad cursor, unsupported media type), 401 authentication, 403 permission,
 * 404 not found, 409 conflict, 413 body too large, 422 validation with a JSON Pointer per issue,
 * 500 internal (never any detail), 502 provider failure. Provider errors keep their own code and status.
 */
export function toErrorBody(error: unknown): ErrorBody {
  if (error instanceof GatewayError) {
    return {
      statusCode: error.statusCode,
      code: error.code,
      message: error.message,
      ...(error.details ? { context: error.details } : {}),
    }
  }
  if (isProviderError(error)) {
    return {
      statusCode: error.httpStatus,
      code: error.code,
      message: error.message,
      ...(Object.keys(error.details).length > 0 ? { context: error.details } : {}),
    }
  }
  const fastifyError = error as Partial<FastifyError>
  if (Array.isArray(fastifyError.validation)) {
    return {
      statusCode: 422,
      code: 'VALIDATION_FAILED',
      message: 'The request does not match its schema',
      context: { issues: validationIssues(fastifyError.validation as never, fastifyError.validationContext) },
    }
  }
  const status = fastifyError.statusCode
  if (typeof status === 'number' && status >= 400 && status < 500 && typeof fastifyError.code === 'string') {
    // fastify's own client errors (media type, body size, bad URL): safe, fixed messages.
    const code =
      fastifyError.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' ? 'UNSUPPORTED_MEDIA_TYPE' : fastifyError.code
    const statusCode = status === 415 ? 400 : status
    return { statusCode, code, message: fastifyError.message ?? 'Bad request' }
  }
  return { statusCode: 500, code: 'INTERNAL_ERROR', message: 'Internal server error' }
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    const body = toErrorBody(error)
    if (body.statusCode >= 500) {
      request.log.error({ err: error, code: body.code }, 'request failed')
    } else {
      request.log.info({ code: body.code, statusCode: body.statusCode }, body.message)
    }
    reply.status(body.statusCode).send(body)
  })
  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({
      statusCode: 404,
      code: 'ROUTE_NOT_FOUND',
      message: `No route ${request.method} ${request.url.split('?')[0]}`,
    })
  })
}
