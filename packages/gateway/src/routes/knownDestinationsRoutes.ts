import { and, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { knownDestinations } from '../db/schema'
import { clientHeaders, connectionIdHeader, errorResponses, listQuery, pageOf } from '../http/routeSchemas'
import { type ListQuery, paginate } from '../pagination/paginate'
import { clientScope } from '../resources/clientScope'
import { knownDestinationToApi } from '../resources/toApi'

const orderColumns = {
  createdAt: knownDestinations.createdAt,
  externalId: knownDestinations.externalId,
  address: knownDestinations.address,
}

type KnownDestinationsQuery = ListQuery & { source?: 'provider' | 'addressBook'; networkId?: string }

/** GET /v1/provider/known-destinations: the provider's destinations and the client's address book. */
export async function knownDestinationsRoutes(app: FastifyInstance) {
  app.get<{ Querystring: KnownDestinationsQuery }>(
    '/v1/provider/known-destinations',
    {
      schema: {
        tags: ['Known destinations'],
        summary: 'List known destinations',
        headers: clientHeaders(connectionIdHeader),
        querystring: listQuery(Object.keys(orderColumns), {
          source: {
            type: 'string',
            enum: ['provider', 'addressBook'],
            description: "Only the provider's destinations, or only the client's address book",
          },
          networkId: { type: 'string', maxLength: 64, description: 'Only destinations on this network' },
        }),
        response: { 200: pageOf('knownDestination'), ...errorResponses(400, 401, 404, 409, 422, 500) },
      },
    },
    async (request) => {
      const { source, networkId } = request.query
      const page = await paginate<typeof knownDestinations.$inferSelect>({
        db: app.db,
        table: knownDestinations,
        idColumn: knownDestinations.knownDestinationId,
        orderColumns,
        where: and(
          await clientScope(app, request, knownDestinations),
          source === undefined ? undefined : eq(knownDestinations.source, source),
          networkId === undefined ? undefined : eq(knownDestinations.networkId, networkId),
        ),
        query: request.query,
        idOf: (row) => row.knownDestinationId,
        valueOf: (row, orderBy) => row[orderBy as keyof typeof orderColumns],
      })
      return { data: page.data.map(knownDestinationToApi), page: page.page }
    },
  )
}
