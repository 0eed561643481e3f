import { type GatewaySchemaName, gatewaySchemas, ref } from './gatewaySchemas'

/** Headers a signed client request carries; enforced by the auth hook, listed here for the API reference. */
export function clientHeaders(extra: Record<string, unknown> = {}) {
  return {
    type: 'object',
    properties: {
      'x-client-id': { type: 'string', description: 'The client id' },
      'detached-jws': { type: 'string', description: 'GNAP detached JWS over the request (RFC 9635 §7.3.3)' },
      authorization: {
        type: 'string',
        description: 'GNAP <access token>, where the operation requires a grant',
      },
      ...extra,
    },
  }
}

export const connectionIdHeader = {
  'x-connection-id': {
    type: 'string',
    maxLength: 64,
    description: 'Limits the results to one connection of the client',
  },
}

/** The list query of a resource, with its own orderBy whitelist and its filters. */
export function listQuery(orderBy: readonly string[], filters: Record<string, unknown> = {}) {
  const { properties } = gatewaySchemas.listQuery
  return {
    type: 'object',
    additionalProperties: false,
    properties: {
      ...properties,
      orderBy: { ...properties.orderBy, enum: [...orderBy] },
      ...filters,
    },
  }
}

export const errorResponses = (...statuses: number[]) =>
  Object.fromEntries(
    statuses.map((status) => [status, { description: errorDescriptions[status], ...ref('error') }]),
  )

const errorDescriptions: Record<number, string> = {
  400: 'Malformed request',
  401: 'Authentication is required',
  403: 'Insufficient permissions',
  404: 'Resource not found',
  409: 'Resource conflict',
  422: 'Invalid request parameters',
  500: 'Internal server error',
  502: 'Bad gateway: the custody provider failed',
}

/** `{ data: [...], page: { next } }` of one resource. */
export function pageOf(name: GatewaySchemaName) {
  return {
    type: 'object',
    additionalProperties: false,
    required: ['data', 'page'],
    properties: { data: { type: 'array', items: ref(name) }, page: ref('page') },
  }
}

/** `{ data: <resource> }`. */
export function dataOf(name: GatewaySchemaName) {
  return { type: 'object', additionalProperties: false, required: ['data'], properties: { data: ref(name) } }
}

export const idParams = (name: string, description: string) => ({
  type: 'object',
  additionalProperties: false,
  required: [name],
  properties: { [name]: { type: 'string', minLength: 1, maxLength: 200, description } },
})
