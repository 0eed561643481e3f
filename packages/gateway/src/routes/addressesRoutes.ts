import { and, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { addresses } from '../db/schema'
import { NotFoundError } from '../errors/gatewayError'
import {
  clientHeaders,
  connectionIdHeader,
  dataOf,
  errorResponses,
  idParams,
  listQuery,
  pageOf,
} from '../http/routeSchemas'
import { type ListQuery, paginate } from '../pagination/paginate'
import { clientScope } from '../resources/clientScope'
import { addressToApi } from '../resources/toApi'

const orderColumns = {
  createdAt: addresses.createdAt,
  updatedAt: addresses.updatedAt,
  externalId: addresses.externalId,
  address: addresses.address,
}

/** GET /v1/provider/addresses and /v1/provider/addresses/{addressId}. */
export async function addressesRoutes(app: FastifyInstance) {
  app.get<{ Querystring: ListQuery & { accountId?: string } }>(
    '/v1/provider/addresses',
    {
      schema: {
        tags: ['Addresses'],
        summary: 'List addresses',
        headers: clientHeaders(connectionIdHeader),
        querystring: listQuery(Object.keys(orderColumns), {
          accountId: { type: 'string', maxLength: 200, description: 'Only the addresses of this account' },
        }),
        response: { 200: pageOf('address'), ...errorResponses(400, 401, 404, 409, 422, 500) },
      },
    },
    async (request) => {
      const { accountId } = request.query
      const page = await paginate<typeof addresses.$inferSelect>({
        db: app.db,
        table: addresses,
        idColumn: addresses.addressId,
        orderColumns,
        where: and(
          await clientScope(app, request, addresses),
          accountId === undefined ? undefined : eq(addresses.accountId, accountId),
        ),
        query: request.query,
        idOf: (row) => row.addressId,
        valueOf: (row, orderBy) => row[orderBy as keyof typeof orderColumns],
      })
      return { data: page.data.map(addressToApi), page: page.page }
    },
  )

  app.get<{ Params: { addressId: string } }>(
    '/v1/provider/addresses/:addressId',
    {
      schema: {
        tags: ['Addresses'],
        summary: 'Get an address',
        headers: clientHeaders(connectionIdHeader),
        params: idParams('addressId', 'The address id'),
        response: { 200: dataOf('address'), ...errorResponses(401, 404, 409, 422, 500) },
      },
    },
    async (request) => {
      const [row] = await app.db
        .select()
        .from(addresses)
        .where(
          and(eq(addresses.addressId, request.params.addressId), await clientScope(app, request, addresses)),
        )
      if (!row) throw new NotFoundError('Address not found', 'ADDRESS_NOT_FOUND')
      return { data: addressToApi(row) }
    },
  )
}
