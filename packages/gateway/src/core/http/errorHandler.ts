import type { FastifyError, FastifyInstance } from 'fastify'
import type { ErrorBody } from '../errors/errorBody'
import { GatewayError } from '../errors/gatewayError'
import type { GatewayErrorCode } from '../errors/gatewayErrors'
import { isProviderError, type ProviderError } from '../errors/providerErrors'
import { validationIssues } from './validationIssues'

/**
 * fastify's own client errors, by their code, as the registered codes the gateway answers with; any other client
 * error of fastify's is BAD_REQUEST. Clients never see a framework's code.
 */
const fastifyErrorCodes: Readonly<Record<string, GatewayErrorCode>> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_BODY_TOO_LARGE: 'BODY_TOO_LARGE',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'MALFORMED_JSON',
  FST_ERR_CTP_INVALID_JSON_BODY: 'MALFORMED_JSON',
  FST_ERR_NOT_FOUND: 'ROUTE_NOT_FOUND',
}

const internalError: ErrorBody = { statusCode: 500, code: 'INTERNAL_ERROR', message: 'Internal server error' }

/** The body of a registered error: its code's status, its message, its details as context when it has any. */
function registeredBody(error: GatewayError | ProviderError): ErrorBody {
  // A code no registry has (from data, or from untyped code) has no status: an internal error, never a guess.
  if (error.httpStatus === undefined) return internalError
  return {
    statusCode: error.httpStatus,
    code: error.code,
    message: error.message,
    ...(Object.keys(error.details).length > 0 ? { context: error.details } : {}),
  }
}

/**
 * Maps every failure to the one error body, its status the one its code has in the registry (gatewayErrors.ts):
 * 400 malformed (unparsable JSON, bad cursor, unsupported media type), 401 authentication, 403 permission,
 * 404 not found, 409 conflict, 413 body too large, 422 validation with a JSON Pointer per issue,
 * 500 internal (never any detail), 502 provider failure. Provider errors keep their own code and status.
 */
export function toErrorBody(error: unknown): ErrorBody {
  if (error instanceof GatewayError || isProviderError(error)) return registeredBody(error)
  const fastifyError = error as Partial<FastifyError>
  if (Array.isArray(fastifyError.validation)) {
    return registeredBody(
      new GatewayError('VALIDATION_FAILED', 'The request does not match its schema', {
        issues: validationIssues(fastifyError.validation as never, fastifyError.validationContext),
      }),
    )
  }
  const status = fastifyError.statusCode
  if (typeof status === 'number' && status >= 400 && status < 500 && typeof fastifyError.code === 'string') {
    // fastify's own client errors (media type, body size, bad URL): safe, fixed messages.
    const code = fastifyErrorCodes[fastifyError.code] ?? 'BAD_REQUEST'
    return registeredBody(new GatewayError(code, fastifyError.message ?? 'Bad request'))
  }
  return internalError
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
    const body = toErrorBody(
      new GatewayError('ROUTE_NOT_FOUND', `No route ${request.method} ${request.url.split('?')[0]}`),
    )
    reply.status(body.statusCode).send(body)
  })
}
