import { and, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { clientOf } from '../../auth/authPlugin'
import { accounts } from '../../core/database/schema'
import { GatewayError } from '../../core/errors/gatewayError'
import { errorResponses } from '../../core/http/routeSchemas'
import { connectionIdOf } from '../pipeline/signingPipeline'
import type { SigningRoutesPluginOptions } from '../pipeline/signingServices'
import { actionRef } from './actionSchemas'
import { connectionHeaders, registerSigningRoutes } from './signingRoutes'
import { stakeAction } from './stakeAction'
import { positionToApi } from './stakingViews'
import { checkPositionSelector, unstakeAction } from './unstakeAction'

/** Ethereum staking: stakes, unstakes and the positions that can be unstaked. */
export async function stakingRoutes(app: FastifyInstance, { services }: SigningRoutesPluginOptions) {
  registerSigningRoutes(app, services, {
    path: '/v1/provider/ethereum/stakes',
    operationName: 'EthereumStake',
    tag: 'Staking',
    noun: 'Stake',
    action: stakeAction,
    body: 'createStakeRequest',
    record: 'stake',
  })
  registerSigningRoutes(app, services, {
    path: '/v1/provider/ethereum/unstakes',
    operationName: 'EthereumUnstake',
    tag: 'Staking',
    noun: 'Unstake',
    action: unstakeAction,
    body: 'createUnstakeRequest',
    record: 'unstake',
    preValidation: checkPositionSelector,
  })

  app.get<{ Querystring: { accountId?: string } }>(
    '/v1/provider/ethereum/unstakeable-positions',
    {
      schema: {
        tags: ['Staking'],
        operationId: 'listUnstakeablePositions',
        summary: 'List the positions that can be unstaked (active ones)',
        headers: connectionHeaders,
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: { accountId: { type: 'string', minLength: 1, maxLength: 200 } },
        },
        response: {
          200: {
            type: 'object',
            additionalProperties: false,
            required: ['data'],
            properties: { data: { type: 'array', items: actionRef('position') } },
          },
          ...errorResponses(401, 404, 409, 422, 500, 502),
        },
      },
    },
    async (request) => {
      const { clientId } = clientOf(request)
      const connectionId = connectionIdOf(request)
      const connection = await services.sessions.activeConnection(clientId, connectionId)
      const rows = await services.db
        .select({ accountId: accounts.accountId, externalId: accounts.externalId })
        .from(accounts)
        .where(and(eq(accounts.clientId, clientId), eq(accounts.connectionId, connectionId)))
      const byExternalId = new Map(rows.map((row) => [row.externalId, row.accountId]))
      let accountExternalId: string | undefined
      if (request.query.accountId !== undefined) {
        accountExternalId = rows.find((row) => row.accountId === request.query.accountId)?.externalId
        if (accountExternalId === undefined) throw new GatewayError('ACCOUNT_NOT_FOUND', 'Account not found')
      }
      const session = await services.sessions.sessionFor(clientId, connectionId)
      const positions = await session.listPositions({
        ...(accountExternalId === undefined ? {} : { accountExternalId }),
        status: ['active'],
      })
      return {
        data: positions.map((position) =>
          positionToApi(position, {
            clientId,
            connectionId,
            provider: connection.provider,
            accountId: byExternalId.get(position.accountExternalId) ?? null,
          }),
        ),
      }
    },
  )
}
