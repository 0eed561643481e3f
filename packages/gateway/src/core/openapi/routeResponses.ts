import type { RouteOptions } from 'fastify'
import { bodyLimit, describeBodyLimit } from '../http/bodyLimits'
import { gatewaySchemas } from '../http/gatewaySchemas'
import { errorExamples } from './errorExamples'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The status a request that fails the route's schema answers with: 422 unless a plugin maps it (the grant routes answer 400). */
    validationStatus?: 400 | 422
  }
}

/** Methods whose body fastify parses (and may refuse: malformed JSON, unsupported media type, too large). */
const methodsWithBody = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

export const errorDescriptions: Record<number, string> = {
  400: 'Malformed request: a body that is not JSON (or not UTF-8, or too deep), an unsupported media type, an unreadable cursor or URL',
  401: 'Authentication is required: no or a bad signature, API key or access token',
  403: 'Insufficient permissions: the access token does not cover this operation or connection',
  404: 'Resource not found',
  409: 'Resource conflict',
  413: `The body is larger than ${describeBodyLimit(bodyLimit)}`,
  422: 'Invalid request parameters: each issue has a JSON Pointer',
  500: 'Internal server error (never any detail)',
  502: 'Bad gateway: the custody provider failed',
}

type RouteFacts = Pick<RouteOptions, 'method' | 'url' | 'config' | 'schema' | 'bodyLimit'>

function methodsOf(route: RouteFacts): string[] {
  return typeof route.method === 'string' ? [route.method] : [...route.method]
}

/**
 * The error statuses a route can answer whatever its handler does, read from what the hooks read: every route can
 * fail internally (500); the auth hook refuses a route that is not public (401); the grant hook refuses an access
 * token that does not cover a client route (403, except on the grant routes, which check their own tokens); the
 * body parser refuses bodies (400, 413) on methods with one; the router refuses a malformed path parameter (400);
 * the validator refuses what fails a schema (422, or the route's `validationStatus`). Statuses a handler throws
 * itself (404, 409, 502) are declared by the route.
 */
export function hookStatuses(route: RouteFacts): number[] {
  const statuses = new Set([500])
  const config = route.config ?? {}
  const auth = config.auth ?? 'client'
  if (auth !== 'none') statuses.add(401)
  if (auth === 'client' && config.grant !== 'self') statuses.add(403)
  if (methodsOf(route).some((method) => methodsWithBody.has(method))) {
    statuses.add(400)
    statuses.add(413)
  }
  if (route.url?.includes(':')) statuses.add(400)
  const schema = (route.schema ?? {}) as Record<string, unknown>
  if (['body', 'params', 'querystring', 'headers'].some((part) => schema[part] !== undefined)) {
    statuses.add(config.validationStatus ?? 422)
  }
  return [...statuses]
}

/** The action an access token needs on a route (the grants feature knows; core does not import it). */
export type GrantActionOf = (method: string, url: string) => string | undefined

function errorResponse(status: number, route: RouteFacts, grantActionOf: GrantActionOf) {
  const config = route.config ?? {}
  const methods = methodsOf(route)
  const grant = typeof config.grant === 'object' ? config.grant.action : undefined
  const grantAction = grant ?? methods.map((method) => grantActionOf(method, route.url)).find(Boolean)
  const examples = errorExamples(status, {
    url: route.url,
    hasBody: methods.some((method) => methodsWithBody.has(method)),
    auth: config.auth ?? 'client',
    validationStatus: config.validationStatus ?? 422,
    ...(grantAction ? { grantAction } : {}),
  })
  const description =
    status === 413 && route.bodyLimit !== undefined
      ? `The body is larger than ${describeBodyLimit(route.bodyLimit)}`
      : (errorDescriptions[status] ?? 'Error')
  return {
    description,
    content: { 'application/json': { schema: { $ref: gatewaySchemas.error.$id }, examples } },
  }
}

/**
 * The @fastify/swagger `transform` of the gateway: a route's responses are completed with the statuses its hooks can answer ({@link hookStatuses}), each error with a real
 * body as example, so a client generator sees every status a route can answer. (Each of the gateway's own routes names its
 * operationId in its schema; test/openapi.statuses.test.ts checks that.)
 */
export function documentRoutes(grantActionOf: GrantActionOf) {
  return ({ schema, url, route }: { schema: unknown; url: string; route: RouteFacts }) => {
    const routeSchema = (schema ?? {}) as Record<string, unknown>
    if (routeSchema.hide === true) return { schema: routeSchema, url }
    const response = { ...((routeSchema.response ?? {}) as Record<string, unknown>) }
    for (const status of [...hookStatuses(route), ...Object.keys(response).map(Number)]) {
      if (status >= 400) response[status] = errorResponse(status, route, grantActionOf)
    }
    const sorted = Object.fromEntries(Object.entries(response).sort(([a], [b]) => a.localeCompare(b)))
    return { schema: { ...routeSchema, response: sorted }, url }
  }
}
