import type { FastifyInstance } from 'fastify'
import { accounts } from '../core/database/schema'
import { GatewayError } from '../core/errors/gatewayError'
import { equalsIfGiven } from '../core/pagination/listFilters'
import type { ListQuery } from '../core/pagination/paginate'
import { connectionBoundPage, connectionBoundRead, connectionBoundRow } from './connectionBoundReads'
import { connectionBoundGetSchema, connectionBoundListSchema } from './connectionBoundSchemas'
import { accountAddressesLimit, withAccountAddresses } from './loadAccounts'

const nestedLimits =
  `Each account embeds its first ${accountAddressesLimit} addresses (oldest first); \`addressesPage.next\`, ` +
  'where not null, is the `cursor` of `GET /v1/provider/addresses?accountId={accountId}` for the rest.'

const orderColumns = {
  createdAt: accounts.createdAt,
  updatedAt: accounts.updatedAt,
  externalId: accounts.externalId,
  networkId: accounts.networkId,
}

/** GET /v1/provider/accounts and /v1/provider/accounts/{accountId}. */
export async function accountsRoutes(app: FastifyInstance) {
  app.get<{ Querystring: ListQuery & { walletId?: string; networkId?: string } }>(
    '/v1/provider/accounts',
    {
      schema: connectionBoundListSchema({
        tag: 'Accounts',
        operationId: 'listAccounts',
        summary: 'List accounts, with their addresses',
        description: `${nestedLimits} With \`walletId\`, the list continues a wallet's embedded accounts.`,
        item: 'account',
        orderBy: Object.keys(orderColumns),
        filters: {
          walletId: { type: 'string', maxLength: 200, description: 'Only the accounts of this wallet' },
          networkId: { type: 'string', maxLength: 64, description: 'Only the accounts on this network' },
        },
      }),
    },
    (request) =>
      connectionBoundRead(app, request, ['listAccounts', request.query], async () => {
        const { walletId, networkId } = request.query
        const page = await connectionBoundPage(app, request, {
          table: accounts,
          idKey: 'accountId',
          orderColumns,
          query: request.query,
          filters: [equalsIfGiven(accounts.walletId, walletId), equalsIfGiven(accounts.networkId, networkId)],
        })
        return { data: await withAccountAddresses(app.db, page.data), page: page.page }
      }),
  )

  app.get<{ Params: { accountId: string } }>(
    '/v1/provider/accounts/:accountId',
    {
      schema: connectionBoundGetSchema({
        tag: 'Accounts',
        operationId: 'getAccount',
        summary: 'Get an account',
        description: nestedLimits,
        item: 'account',
        idName: 'accountId',
        idDescription: 'The account id',
      }),
    },
    (request) =>
      connectionBoundRead(app, request, ['getAccount', request.params.accountId], async () => {
        const row = await connectionBoundRow(
          app,
          request,
          accounts,
          accounts.accountId,
          request.params.accountId,
        )
        if (!row) throw new GatewayError('ACCOUNT_NOT_FOUND', 'Account not found')
        const [account] = await withAccountAddresses(app.db, [row])
        return { data: account }
      }),
  )
}
