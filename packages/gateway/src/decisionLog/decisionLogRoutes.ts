import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { clients } from '../core/database/schema'
import { GatewayError } from '../core/errors/gatewayError'
import { errorResponses, idParams } from '../core/http/routeSchemas'
import { readLogPage } from './readLogPage'

/** The most entries one page holds, and how many a page holds when the query does not say. */
export const maxLogPage = 10_000
const defaultLogPage = 1_000

type LogQuery = { afterSeq?: number; limit?: number; from?: string; to?: string }

const logQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    afterSeq: {
      type: 'integer',
      minimum: 0,
      default: 0,
      description:
        'Entries after this sequence number: 0 (the default) for the first page, then the x-next-after-seq header of the previous page',
    },
    limit: {
      type: 'integer',
      minimum: 1,
      maximum: maxLogPage,
      default: defaultLogPage,
      description: `Entries per page (1 to ${maxLogPage}, default ${defaultLogPage})`,
    },
    from: { type: 'string', format: 'date-time', description: 'Entries appended at or after this time' },
    to: { type: 'string', format: 'date-time', description: 'Entries appended before this time' },
  },
}

/** Admin: a client's tamper-evident decision log, exported as JSON Lines for `rampart log verify` and replays. */
export async function decisionLogRoutes(app: FastifyInstance) {
  app.get<{ Params: { clientId: string }; Querystring: LogQuery }>(
    '/v1/admin/clients/:clientId/log',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['Admin'],
        operationId: 'exportClientLog',
        summary: "Export a client's decision log (JSON Lines)",
        description:
          'One entry per line, in sequence order: every decision, approval and change of policies or entities, each chained to the one before by its hash (schemas/log/decisionLogEntry.schema.json). Each line is the entry exactly as hashed. A full page has the header x-next-after-seq: ask the next page with afterSeq set to it. An export from seq 1 verifies with `rampart log verify`; a page or a time range is a partial chain (`--partial`).',
        security: [{ adminApiKey: [] }],
        headers: {
          type: 'object',
          properties: { 'x-api-key': { type: 'string', description: 'The admin API key' } },
        },
        params: idParams('clientId', 'The client id'),
        querystring: logQuery,
        response: {
          200: {
            description: 'The entries of the page, one JSON object per line (none: an empty body)',
            headers: {
              'x-next-after-seq': {
                type: 'integer',
                description: 'Present when the page is full: the afterSeq of the next page',
              },
            },
            content: {
              'application/x-ndjson': {
                schema: { type: 'string', description: 'JSON Lines of DecisionLogEntry' },
              },
            },
          },
          ...errorResponses(401, 404, 422, 500),
        },
      },
    },
    async (request, reply) => {
      const { clientId } = request.params
      const [client] = await app.db
        .select({ clientId: clients.clientId })
        .from(clients)
        .where(eq(clients.clientId, clientId))
      if (!client) throw new GatewayError('CLIENT_NOT_FOUND', 'Client not found')
      const { afterSeq = 0, limit = defaultLogPage, from, to } = request.query
      if (from && to && Date.parse(from) >= Date.parse(to)) {
        throw new GatewayError('VALIDATION_FAILED', 'The time range is empty', {
          issues: [{ path: '/to', message: 'must be after from', in: 'querystring' }],
        })
      }
      const page = await readLogPage(app.db, clientId, {
        afterSeq,
        limit,
        from: from ? new Date(from) : undefined,
        to: to ? new Date(to) : undefined,
      })
      if (page.nextAfterSeq !== undefined) reply.header('x-next-after-seq', String(page.nextAfterSeq))
      reply.type('application/x-ndjson')
      return page.lines.map((line) => `${line}\n`).join('')
    },
  )
}
