import type { FastifyInstance } from 'fastify'
import { knownDestinations } from '../core/database/schema'
import { equalsIfGiven } from '../core/pagination/listFilters'
import type { ListQuery } from '../core/pagination/paginate'
import { connectionBoundPage, connectionBoundRead } from './connectionBoundReads'
import { connectionBoundListSchema } from './connectionBoundSchemas'
import { knownDestinationToApi } from './toApi'

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
      schema: connectionBoundListSchema({
        tag: 'Known destinations',
        operationId: 'listKnownDestinations',
        summary: 'List known destinations',
        item: 'knownDestination',
        orderBy: Object.keys(orderColumns),
        filters: {
          source: {
            type: 'string',
            enum: ['provider', 'addressBook'],
            description: "Only the provider's destinations, or only the client's address book",
          },
          networkId: { type: 'string', maxLength: 64, description: 'Only destinations on this network' },
        },
      }),
    },
    (request) =>
      connectionBoundRead(app, request, ['listKnownDestinations', request.query], async () => {
        const { source, networkId } = request.query
        const page = await connectionBoundPage(app, request, {
          table: knownDestinations,
          idKey: 'knownDestinationId',
          orderColumns,
          query: request.query,
          filters: [
            equalsIfGiven(knownDestinations.source, source),
            equalsIfGiven(knownDestinations.networkId, networkId),
          ],
        })
        return { data: page.data.map(knownDestinationToApi), page: page.page }
      }),
  )
}
