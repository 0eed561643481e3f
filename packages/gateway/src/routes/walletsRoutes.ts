import { and, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { wallets } from '../db/schema'
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
import { accountsOfWallets } from '../resources/loadAccounts'
import { walletToApi } from '../resources/toApi'

const orderColumns = {
  createdAt: wallets.createdAt,
  updatedAt: wallets.updatedAt,
  externalId: wallets.externalId,
}

/** GET /v1/provider/wallets and /v1/provider/wallets/{walletId}: wallets with their accounts and addresses. */
export async function walletsRoutes(app: FastifyInstance) {
  app.get<{ Querystring: ListQuery }>(
    '/v1/provider/wallets',
    {
      schema: {
        tags: ['Wallets'],
        summary: 'List wallets, with their accounts and addresses',
        headers: clientHeaders(connectionIdHeader),
        querystring: listQuery(Object.keys(orderColumns)),
        response: { 200: pageOf('wallet'), ...errorResponses(400, 401, 404, 409, 422, 500) },
      },
    },
    async (request) => {
      const page = await paginate<typeof wallets.$inferSelect>({
        db: app.db,
        table: wallets,
        idColumn: wallets.walletId,
        orderColumns,
        where: await clientScope(app, request, wallets),
        query: request.query,
        idOf: (row) => row.walletId,
        valueOf: (row, orderBy) => row[orderBy as keyof typeof orderColumns],
      })
      const accountsByWallet = await accountsOfWallets(
        app.db,
        page.data.map((row) => row.walletId),
      )
      return {
        data: page.data.map((row) => walletToApi(row, accountsByWallet.get(row.walletId) ?? [])),
        page: page.page,
      }
    },
  )

  app.get<{ Params: { walletId: string } }>(
    '/v1/provider/wallets/:walletId',
    {
      schema: {
        tags: ['Wallets'],
        summary: 'Get a wallet',
        headers: clientHeaders(connectionIdHeader),
        params: idParams('walletId', 'The wallet id'),
        response: { 200: dataOf('wallet'), ...errorResponses(401, 404, 409, 422, 500) },
      },
    },
    async (request) => {
      const [row] = await app.db
        .select()
        .from(wallets)
        .where(and(eq(wallets.walletId, request.params.walletId), await clientScope(app, request, wallets)))
      if (!row) throw new NotFoundError('Wallet not found', 'WALLET_NOT_FOUND')
      const accountsByWallet = await accountsOfWallets(app.db, [row.walletId])
      return { data: walletToApi(row, accountsByWallet.get(row.walletId) ?? []) }
    },
  )
}
