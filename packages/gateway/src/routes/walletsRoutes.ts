import type { FastifyInstance } from 'fastify'
import { wallets } from '../db/schema'
import { NotFoundError } from '../errors/gatewayError'
import type { ListQuery } from '../pagination/paginate'
import { accountsOfWallets } from '../resources/loadAccounts'
import { walletToApi } from '../resources/toApi'
import { connectionBoundPage, connectionBoundRow } from './connectionBoundReads'
import { connectionBoundGetSchema, connectionBoundListSchema } from './connectionBoundSchemas'

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
      schema: connectionBoundListSchema({
        tag: 'Wallets',
        summary: 'List wallets, with their accounts and addresses',
        item: 'wallet',
        orderBy: Object.keys(orderColumns),
      }),
    },
    async (request) => {
      const page = await connectionBoundPage(app, request, {
        table: wallets,
        idKey: 'walletId',
        orderColumns,
        query: request.query,
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
      schema: connectionBoundGetSchema({
        tag: 'Wallets',
        summary: 'Get a wallet',
        item: 'wallet',
        idName: 'walletId',
        idDescription: 'The wallet id',
      }),
    },
    async (request) => {
      const row = await connectionBoundRow(app, request, wallets, wallets.walletId, request.params.walletId)
      if (!row) throw new NotFoundError('Wallet not found', 'WALLET_NOT_FOUND')
      const accountsByWallet = await accountsOfWallets(app.db, [row.walletId])
      return { data: walletToApi(row, accountsByWallet.get(row.walletId) ?? []) }
    },
  )
}
