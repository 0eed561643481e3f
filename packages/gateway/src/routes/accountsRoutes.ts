import { and, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { accounts } from '../db/schema'
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
import { withAccountAddresses } from '../resources/loadAccounts'

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
      schema: {
        tags: ['Accounts'],
        summary: 'List accounts, with their addresses',
        headers: clientHeaders(connectionIdHeader),
        querystring: listQuery(Object.keys(orderColumns), {
          walletId: { type: 'string', maxLength: 200, description: 'Only the accounts of this wallet' },
          networkId: { type: 'string', maxLength: 64, description: 'Only the accounts on this network' },
        }),
        response: { 200: pageOf('account'), ...errorResponses(400, 401, 404, 409, 422, 500) },
      },
    },
    async (request) => {
      const { walletId, networkId } = request.query
      const page = await paginate<typeof accounts.$inferSelect>({
        db: app.db,
        table: accounts,
        idColumn: accounts.accountId,
        orderColumns,
        where: and(
          await clientScope(app, request, accounts),
          walletId === undefined ? undefined : eq(accounts.walletId, walletId),
          networkId === undefined ? undefined : eq(accounts.networkId, networkId),
        ),
        query: request.query,
        idOf: (row) => row.accountId,
        valueOf: (row, orderBy) => row[orderBy as keyof typeof orderColumns],
      })
      return { data: await withAccountAddresses(app.db, page.data), page: page.page }
    },
  )

  app.get<{ Params: { accountId: string } }>(
    '/v1/provider/accounts/:accountId',
    {
      schema: {
        tags: ['Accounts'],
        summary: 'Get an account',
        headers: clientHeaders(connectionIdHeader),
        params: idParams('accountId', 'The account id'),
        response: { 200: dataOf('account'), ...errorResponses(401, 404, 409, 422, 500) },
      },
    },
    async (request) => {
      const [row] = await app.db
        .select()
        .from(accounts)
        .where(
          and(eq(accounts.accountId, request.params.accountId), await clientScope(app, request, accounts)),
        )
      if (!row) throw new NotFoundError('Account not found', 'ACCOUNT_NOT_FOUND')
      const [account] = await withAccountAddresses(app.db, [row])
      return { data: account }
    },
  )
}
