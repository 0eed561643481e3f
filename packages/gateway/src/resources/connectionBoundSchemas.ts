import type { GatewaySchemaName } from '../core/http/gatewaySchemas'
import {
  clientHeaders,
  connectionIdHeader,
  dataOf,
  errorResponses,
  idParams,
  listQuery,
  pageOf,
} from '../core/http/routeSchemas'

// Reads of data synced from a connection (wallets, accounts, addresses, known destinations) take the
// x-connection-id header, which answers 404 for a connection the client does not own and 409 for a revoked one.
const connectionBoundErrors = [401, 404, 409, 422, 500]

/** The route schema of a list of connection-bound data. */
export function connectionBoundListSchema(options: {
  tag: string
  operationId: string
  summary: string
  description?: string
  item: GatewaySchemaName
  orderBy: readonly string[]
  filters?: Record<string, unknown>
}) {
  return {
    tags: [options.tag],
    operationId: options.operationId,
    summary: options.summary,
    ...(options.description === undefined ? {} : { description: options.description }),
    headers: clientHeaders(connectionIdHeader),
    querystring: listQuery(options.orderBy, options.filters),
    response: { 200: pageOf(options.item), ...errorResponses(400, ...connectionBoundErrors) },
  }
}

/** The route schema of one connection-bound resource, read by its id. */
export function connectionBoundGetSchema(options: {
  tag: string
  operationId: string
  summary: string
  description?: string
  item: GatewaySchemaName
  idName: string
  idDescription: string
}) {
  return {
    tags: [options.tag],
    operationId: options.operationId,
    summary: options.summary,
    ...(options.description === undefined ? {} : { description: options.description }),
    headers: clientHeaders(connectionIdHeader),
    params: idParams(options.idName, options.idDescription),
    response: { 200: dataOf(options.item), ...errorResponses(...connectionBoundErrors) },
  }
}
