import type { FastifyInstance } from 'fastify'
import { wallets } from '../core/database/schema'
import { GatewayError } from '../core/errors/gatewayError'
import type { ListQuery } from '../core/pagination/paginate'
import { connectionBoundPage, connectionBoundRead, connectionBoundRow } from './connectionBoundReads'
import { connectionBoundGetSchema, connectionBoundListSchema } from './connectionBoundSchemas'
import { accountAddressesLimit, accountsOfWallets, walletAccountsLimit } from './loadAccounts'
import { walletToApi } from './toApi'

const nestedLimits =
  `Each wallet embeds its first ${walletAccountsLimit} accounts (oldest first) and each account its first ` +
  `${accountAddressesLimit} addresses, so a response stays bounded however many a wallet holds. ` +
  '`accountsPage.next`, where not null, is the `cursor` of `GET /v1/provider/accounts?walletId={walletId}` for ' +
  "the wallet's following accounts; an account's `addressesPage.next` is that of " +
  '`GET /v1/provider/addresses?accountId={accountId}`.'

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
        operationId: 'listWallets',
        summary: 'List wallets, with their accounts and addresses',
        description: nestedLimits,
        item: 'wallet',
        orderBy: Object.keys(orderColumns),
      }),
    },
    (request) =>
      connectionBoundRead(app, request, ['listWallets', request.query], async () => {
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
          data: page.data.map((row) => {
            const nested = accountsByWallet.get(row.walletId)
            return walletToApi(row, nested?.accounts ?? [], nested?.next ?? null)
          }),
          page: page.page,
        }
      }),
  )

  app.get<{ Params: { walletId: string } }>(
    '/v1/provider/wallets/:walletId',
    {
      schema: connectionBoundGetSchema({
        tag: 'Wallets',
        operationId: 'getWallet',
        summary: 'Get a wallet',
        description: nestedLimits,
        item: 'wallet',
        idName: 'walletId',
        idDescription: 'The wallet id',
      }),
    },
    (request) =>
      connectionBoundRead(app, request, ['getWallet', request.params.walletId], async () => {
        const row = await connectionBoundRow(app, request, wallets, wallets.walletId, request.params.walletId)
        if (!row) throw new GatewayError('WALLET_NOT_FOUND', 'Wallet not found')
        const accountsByWallet = await accountsOfWallets(app.db, [row.walletId])
        const nested = accountsByWallet.get(row.walletId)
        return { data: walletToApi(row, nested?.accounts ?? [], nested?.next ?? null) }
      }),
  )
}
