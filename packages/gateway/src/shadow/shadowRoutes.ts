import { and, asc, eq, gt, gte, lt, or, type SQL } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { clients } from '../core/database/schema'
import { GatewayError } from '../core/errors/gatewayError'
import { ref } from '../core/http/gatewaySchemas'
import { errorResponses, idParams } from '../core/http/routeSchemas'
import { decodeCursor, encodeCursor } from '../core/pagination/cursor'
import type { ShadowDivergence } from '../generated/replay/shadowDivergence'
import { replayRef } from '../replay/replaySchemas'
import { type ShadowDivergenceRow, shadowDivergences } from './shadowSchema'

type DivergenceQuery = {
  cursor?: string
  limit?: number
  from?: string
  to?: string
  proposalId?: string
  source?: 'signing' | 'evaluate'
}

const adminHeaders = {
  type: 'object',
  properties: { 'x-api-key': { type: 'string', description: 'The admin API key' } },
}

const ORDER = 'decidedAt'

function toApi(row: ShadowDivergenceRow): ShadowDivergence {
  return {
    divergenceId: row.divergenceId,
    proposalId: row.proposalId,
    source: row.source,
    requestId: row.requestId,
    kind: row.kind,
    principal: row.principal,
    decidedAt: row.decidedAt.toISOString(),
    live: row.live,
    shadow: row.shadow,
  }
}

/** GET /v1/admin/clients/{clientId}/shadow/divergences: what the shadow set decided otherwise, oldest first. */
export async function shadowRoutes(app: FastifyInstance) {
  app.get<{ Params: { clientId: string }; Querystring: DivergenceQuery }>(
    '/v1/admin/clients/:clientId/shadow/divergences',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['Admin'],
        operationId: 'listShadowDivergences',
        summary: "List where a client's shadow set decided otherwise than the live set",
        description:
          'Each decision the proposal approved for shadow took otherwise than the live set (which was enforced), ' +
          'in the order they were decided; filter by period, proposal and source (signing requests or /evaluate).',
        security: [{ adminApiKey: [] }],
        headers: adminHeaders,
        params: idParams('clientId', 'The client id'),
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            cursor: {
              type: 'string',
              minLength: 1,
              maxLength: 2048,
              description: 'The page.next of the previous page',
            },
            limit: {
              type: 'integer',
              minimum: 1,
              maximum: 100,
              default: 25,
              description: 'Divergences per page',
            },
            from: { type: 'string', format: 'date-time', description: 'Decided at or after' },
            to: { type: 'string', format: 'date-time', description: 'Decided before' },
            proposalId: { type: 'string', minLength: 1, maxLength: 200 },
            source: { enum: ['signing', 'evaluate'] },
          },
        },
        response: {
          200: {
            type: 'object',
            additionalProperties: false,
            required: ['data', 'page'],
            properties: { data: { type: 'array', items: replayRef('shadowDivergence') }, page: ref('page') },
          },
          ...errorResponses(400, 401, 404, 422, 500),
        },
      },
    },
    async (request) => {
      const { clientId } = request.params
      const query = request.query
      const [client] = await app.db
        .select({ clientId: clients.clientId })
        .from(clients)
        .where(eq(clients.clientId, clientId))
      if (!client) throw new GatewayError('CLIENT_NOT_FOUND', 'Client not found')
      const limit = query.limit ?? 25
      const where: SQL[] = [eq(shadowDivergences.clientId, clientId)]
      if (query.from) where.push(gte(shadowDivergences.decidedAt, new Date(query.from)))
      if (query.to) where.push(lt(shadowDivergences.decidedAt, new Date(query.to)))
      if (query.proposalId) where.push(eq(shadowDivergences.proposalId, query.proposalId))
      if (query.source) where.push(eq(shadowDivergences.source, query.source))
      if (query.cursor) {
        const after = decodeCursor(query.cursor)
        const at = new Date(String(after.value))
        if (after.orderBy !== ORDER || after.desc || Number.isNaN(at.getTime()))
          throw new GatewayError('INVALID_CURSOR', 'The cursor is not one this gateway issued')
        where.push(
          or(
            gt(shadowDivergences.decidedAt, at),
            and(eq(shadowDivergences.decidedAt, at), gt(shadowDivergences.divergenceId, after.id)),
          ) as SQL,
        )
      }
      const rows = await app.db
        .select()
        .from(shadowDivergences)
        .where(and(...where))
        .orderBy(asc(shadowDivergences.decidedAt), asc(shadowDivergences.divergenceId))
        .limit(limit + 1)
      const page = rows.slice(0, limit)
      const last = page[page.length - 1]
      const next =
        rows.length > limit && last
          ? encodeCursor({
              orderBy: ORDER,
              desc: false,
              value: last.decidedAt.toISOString(),
              id: last.divergenceId,
            })
          : null
      return { data: page.map(toApi), page: { next } }
    },
  )
}
