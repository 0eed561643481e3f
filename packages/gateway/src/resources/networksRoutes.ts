import { and, inArray } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { networkTypes } from '../core/catalogue/networkCatalogue'
import { cachedRead } from '../core/database/readCache'
import { networks } from '../core/database/schema'
import { clientHeaders, errorResponses, listQuery, pageOf } from '../core/http/routeSchemas'
import { equalsIfGiven, listedByIfGiven } from '../core/pagination/listFilters'
import { listRows } from '../core/pagination/listRows'
import type { ListQuery } from '../core/pagination/paginate'
import { networkToApi } from './toApi'

const orderColumns = { createdAt: networks.createdAt, networkId: networks.networkId, name: networks.name }

type NetworksQuery = ListQuery & { provider?: string; type?: string; networkIds?: string }

/** GET /v1/provider/networks: the networks catalogue, filtered by provider, type and ids. */
export async function networksRoutes(app: FastifyInstance) {
  app.get<{ Querystring: NetworksQuery }>(
    '/v1/provider/networks',
    {
      schema: {
        tags: ['Networks and assets'],
        operationId: 'listNetworks',
        summary: 'List networks',
        headers: clientHeaders(),
        querystring: listQuery(Object.keys(orderColumns), {
          provider: {
            type: 'string',
            maxLength: 32,
            description: 'Only networks this provider supports (e.g. local, fireblocks)',
          },
          type: { type: 'string', enum: [...networkTypes], description: 'Only networks of this type' },
          networkIds: {
            type: 'string',
            maxLength: 2000,
            pattern: '^[A-Z0-9_]+(,[A-Z0-9_]+)*$',
            description: 'Comma-separated network ids',
          },
        }),
        response: { 200: pageOf('network'), ...errorResponses(400, 401, 422, 500) },
      },
    },
    // The catalogue is the same for every client: one cached answer per query.
    (request) =>
      cachedRead(app.readCache, ['listNetworks', request.query], async () => {
        const { provider, type, networkIds } = request.query
        const page = await listRows(app, {
          table: networks,
          idKey: 'networkId',
          orderColumns,
          query: request.query,
          where: and(
            listedByIfGiven(networks.externalNetworks, provider),
            equalsIfGiven(networks.type, type),
            networkIds === undefined ? undefined : inArray(networks.networkId, networkIds.split(',')),
          ),
        })
        return { data: page.data.map(networkToApi), page: page.page }
      }),
  )
}
