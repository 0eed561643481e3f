import { and, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { clientOf } from '../auth/authPlugin'
import { connections } from '../core/database/schema'
import { GatewayError } from '../core/errors/gatewayError'
import { ref } from '../core/http/gatewaySchemas'
import { clientHeaders, dataOf, errorResponses, idParams, listQuery, pageOf } from '../core/http/routeSchemas'
import { equalsIfGiven } from '../core/pagination/listFilters'
import { listRows } from '../core/pagination/listRows'
import type { ListQuery } from '../core/pagination/paginate'
import { connectionToApi } from '../resources/toApi'
import { type CreateConnectionBody, createConnection } from './createConnection'
import { revokeConnection } from './revokeConnection'
import { syncConnection } from './syncConnection'

const orderColumns = {
  createdAt: connections.createdAt,
  updatedAt: connections.updatedAt,
  provider: connections.provider,
}

/** Connections to custody providers: create, list, get, sync and revoke. */
export async function connectionsRoutes(app: FastifyInstance) {
  app.post<{ Body: CreateConnectionBody }>(
    '/v1/provider/connections',
    {
      schema: {
        tags: ['Connections'],
        operationId: 'createConnection',
        summary: 'Create a connection',
        headers: clientHeaders(),
        body: ref('createConnectionRequest'),
        response: { 201: dataOf('connection'), ...errorResponses(400, 401, 409, 422, 500, 502) },
      },
    },
    async (request, reply) => {
      const row = await createConnection(app, clientOf(request).clientId, request.body)
      reply.status(201)
      return { data: connectionToApi(row) }
    },
  )

  app.get<{ Querystring: ListQuery & { status?: string } }>(
    '/v1/provider/connections',
    {
      schema: {
        tags: ['Connections'],
        operationId: 'listConnections',
        summary: 'List connections',
        headers: clientHeaders(),
        querystring: listQuery(Object.keys(orderColumns), {
          status: {
            type: 'string',
            enum: ['active', 'revoked'],
            description: 'Only connections in this status',
          },
        }),
        response: { 200: pageOf('connection'), ...errorResponses(400, 401, 422, 500) },
      },
    },
    async (request) => {
      const { clientId } = clientOf(request)
      const { status } = request.query
      const page = await listRows(app, {
        table: connections,
        idKey: 'connectionId',
        orderColumns,
        query: request.query,
        where: and(eq(connections.clientId, clientId), equalsIfGiven(connections.status, status)),
      })
      return { data: page.data.map(connectionToApi), page: page.page }
    },
  )

  app.get<{ Params: { connectionId: string } }>(
    '/v1/provider/connections/:connectionId',
    {
      schema: {
        tags: ['Connections'],
        operationId: 'getConnection',
        summary: 'Get a connection',
        headers: clientHeaders(),
        params: idParams('connectionId', 'The connection id'),
        response: { 200: dataOf('connection'), ...errorResponses(401, 404, 422, 500) },
      },
    },
    async (request) => {
      const [row] = await app.db
        .select()
        .from(connections)
        .where(
          and(
            eq(connections.connectionId, request.params.connectionId),
            eq(connections.clientId, clientOf(request).clientId),
          ),
        )
      if (!row) throw new GatewayError('CONNECTION_NOT_FOUND', 'Connection not found')
      return { data: connectionToApi(row) }
    },
  )

  app.post<{ Params: { connectionId: string } }>(
    '/v1/provider/connections/:connectionId/sync',
    {
      schema: {
        tags: ['Connections'],
        operationId: 'syncConnection',
        summary:
          "Sync the connection's wallets, accounts, addresses and known destinations from the provider",
        headers: clientHeaders(),
        params: idParams('connectionId', 'The connection id'),
        response: {
          200: {
            type: 'object',
            additionalProperties: false,
            required: ['data'],
            properties: {
              data: {
                type: 'object',
                additionalProperties: false,
                required: ['wallets', 'accounts', 'addresses', 'knownDestinations'],
                properties: {
                  wallets: { type: 'integer' },
                  accounts: { type: 'integer' },
                  addresses: { type: 'integer' },
                  knownDestinations: { type: 'integer' },
                },
              },
            },
          },
          ...errorResponses(401, 404, 409, 422, 500, 502),
        },
      },
    },
    async (request) => {
      const { clientId } = clientOf(request)
      const row = await app.sessions.activeConnection(clientId, request.params.connectionId)
      const session = await app.sessions.sessionFor(clientId, row.connectionId)
      const summary = await syncConnection(
        app.db,
        { clientId, connectionId: row.connectionId, provider: row.provider },
        session,
      )
      return { data: summary }
    },
  )

  app.delete<{ Params: { connectionId: string } }>(
    '/v1/provider/connections/:connectionId',
    {
      schema: {
        tags: ['Connections'],
        operationId: 'revokeConnection',
        summary: 'Revoke a connection',
        description: 'Ends the connection with the provider and destroys its stored credentials.',
        headers: clientHeaders(),
        params: idParams('connectionId', 'The connection id'),
        response: {
          204: { description: 'Revoked', type: 'null' },
          ...errorResponses(401, 404, 422, 500, 502),
        },
      },
    },
    async (request, reply) => {
      await revokeConnection(app, clientOf(request).clientId, request.params.connectionId)
      reply.status(204).send()
    },
  )
}
