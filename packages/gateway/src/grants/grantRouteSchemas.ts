import type { FastifyError, FastifyInstance } from 'fastify'
import { GatewayError } from '../core/errors/gatewayError'
import { toErrorBody } from '../core/http/errorHandler'
import { validationIssues } from '../core/http/validationIssues'

/**
 * A schema from `schemas/gateway/grants/` as a route's own schema: without `$schema` and `$id` (each route compiles
 * its copy), and with its `#/$defs/...` references resolved in place, so the OpenAPI document built from the
 * routes has no dangling local references. The grant schemas are not recursive.
 */
export function inlineSchema(schema: Record<string, unknown>): Record<string, unknown> {
  const { $schema: _dialect, $id: _id, $defs, ...rest } = schema
  const defs = ($defs ?? {}) as Record<string, unknown>
  const resolve = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(resolve)
    if (node === null || typeof node !== 'object') return node
    const { $ref, ...others } = node as Record<string, unknown>
    if (typeof $ref === 'string' && $ref.startsWith('#/$defs/')) {
      const target = defs[$ref.slice('#/$defs/'.length)]
      if (target === undefined) throw new Error(`Unresolved schema reference ${$ref}`)
      return {
        ...(resolve(target) as Record<string, unknown>),
        ...(resolve(others) as Record<string, unknown>),
      }
    }
    return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, resolve(value)]))
  }
  return resolve(rest) as Record<string, unknown>
}

/**
 * The grant operations answer a request that fails its schema with 400 (as the specification lists), with the same
 * JSON Pointer issues other routes give with 422.
 */
export function useBadRequestForValidation(app: FastifyInstance): void {
  // Said on each route too, for the OpenAPI document (core/openapi/routeResponses.ts).
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, validationStatus: 400 }
  })
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const mapped = Array.isArray(error.validation)
      ? new GatewayError('GRANT_REQUEST_INVALID', 'The grant request does not match its schema', {
          issues: validationIssues(error.validation as never, error.validationContext),
        })
      : error
    const body = toErrorBody(mapped)
    if (body.statusCode >= 500) request.log.error({ err: error, code: body.code }, 'request failed')
    else request.log.info({ code: body.code, statusCode: body.statusCode }, body.message)
    reply.status(body.statusCode).send(body)
  })
}
