import type { FastifyInstance } from 'fastify'
import { addresses } from '../core/database/schema'
import { GatewayError } from '../core/errors/gatewayError'
import { equalsIfGiven } from '../core/pagination/listFilters'
import type { ListQuery } from '../core/pagination/paginate'
import { connectionBoundPage, connectionBoundRead, connectionBoundRow } from './connectionBoundReads'
import { connectionBoundGetSchema, connectionBoundListSchema } from './connectionBoundSchemas'
import { addressToApi } from './toApi'

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
      schema: connectionBoundListSchema({
        tag: 'Addresses',
        operationId: 'listAddresses',
        summary: 'List addresses',
        item: 'address',
        orderBy: Object.keys(orderColumns),
        filters: {
          accountId: { type: 'string', maxLength: 200, description: 'Only the addresses of this account' },
        },
      }),
    },
    (request) =>
      connectionBoundRead(app, request, ['listAddresses', request.query], async () => {
        const page = await connectionBoundPage(app, request, {
          table: addresses,
          idKey: 'addressId',
          orderColumns,
          query: request.query,
          filters: [equalsIfGiven(addresses.accountId, request.query.accountId)],
        })
        return { data: page.data.map(addressToApi), page: page.page }
      }),
  )

  app.get<{ Params: { addressId: string } }>(
    '/v1/provider/addresses/:addressId',
    {
      schema: connectionBoundGetSchema({
        tag: 'Addresses',
        operationId: 'getAddress',
        summary: 'Get an address',
        item: 'address',
        idName: 'addressId',
        idDescription: 'The address id',
      }),
    },
    (request) =>
      connectionBoundRead(app, request, ['getAddress', request.params.addressId], async () => {
        const { addressId } = request.params
        const row = await connectionBoundRow(app, request, addresses, addresses.addressId, addressId)
        if (!row) throw new GatewayError('ADDRESS_NOT_FOUND', 'Address not found')
        return { data: addressToApi(row) }
      }),
  )
}
