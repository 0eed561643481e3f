import { and, eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { assets } from '../db/schema'
import { clientHeaders, errorResponses, listQuery, pageOf } from '../http/routeSchemas'
import { type ListQuery, paginate } from '../pagination/paginate'
import { assetToApi } from '../resources/toApi'

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
        summary: 'List assets',
        headers: clientHeaders(),
        querystring: listQuery(Object.keys(orderColumns), {
          provider: { type: 'string', maxLength: 32, description: 'Only assets this provider supports' },
          networkId: { type: 'string', maxLength: 64, description: 'Only assets of this network' },
        }),
        response: { 200: pageOf('asset'), ...errorResponses(400, 401, 422, 500) },
      },
    },
    async (request) => {
      const { provider, networkId } = request.query
      const page = await paginate<typeof assets.$inferSelect>({
        db: app.db,
        table: assets,
        idColumn: assets.assetId,
        orderColumns,
        where: and(
          provider === undefined
            ? undefined
            : sql`${assets.externalAssets} @> ${JSON.stringify([{ provider }])}::jsonb`,
          networkId === undefined ? undefined : eq(assets.networkId, networkId),
        ),
        query: request.query,
        idOf: (row) => row.assetId,
        valueOf: (row, orderBy) => row[orderBy as keyof typeof orderColumns],
      })
      return { data: page.data.map(assetToApi), page: page.page }
    },
  )
}
