import { and } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { cachedRead } from '../core/database/readCache'
import { assets } from '../core/database/schema'
import { clientHeaders, errorResponses, listQuery, pageOf } from '../core/http/routeSchemas'
import { equalsIfGiven, listedByIfGiven } from '../core/pagination/listFilters'
import { listRows } from '../core/pagination/listRows'
import type { ListQuery } from '../core/pagination/paginate'
import { assetToApi } from './toApi'

const orderColumns = {
  createdAt: assets.createdAt,
  assetId: assets.assetId,
  name: assets.name,
  networkId: assets.networkId,
}

type AssetsQuery = ListQuery & { provider?: string; networkId?: string }

/** GET /v1/provider/assets: the assets catalogue, filtered by provider and network. */
export async function assetsRoutes(app: FastifyInstance) {
  app.get<{ Querystring: AssetsQuery }>(
    '/v1/provider/assets',
    {
      schema: {
        tags: ['Networks and assets'],
        operationId: 'listAssets',
        summary: 'List assets',
        headers: clientHeaders(),
        querystring: listQuery(Object.keys(orderColumns), {
          provider: { type: 'string', maxLength: 32, description: 'Only assets this provider supports' },
          networkId: { type: 'string', maxLength: 64, description: 'Only assets of this network' },
        }),
        response: { 200: pageOf('asset'), ...errorResponses(400, 401, 422, 500) },
      },
    },
    // The catalogue is the same for every client: one cached answer per query.
    (request) =>
      cachedRead(app.readCache, ['listAssets', request.query], async () => {
        const { provider, networkId } = request.query
        const page = await listRows(app, {
          table: assets,
          idKey: 'assetId',
          orderColumns,
          query: request.query,
          where: and(
            listedByIfGiven(assets.externalAssets, provider),
            equalsIfGiven(assets.networkId, networkId),
          ),
        })
        return { data: page.data.map(assetToApi), page: page.page }
      }),
  )
}
