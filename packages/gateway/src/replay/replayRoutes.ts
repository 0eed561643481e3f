import type { FastifyInstance } from 'fastify'
import { organizationBodyLimit } from '../core/http/bodyLimits'
import { errorResponses, idParams } from '../core/http/routeSchemas'
import type { ReplayRequest } from '../generated/replay/replayRequest'
import { replayClient } from './replayClient'
import { replayRef } from './replaySchemas'

const adminHeaders = {
  type: 'object',
  properties: { 'x-api-key': { type: 'string', description: 'The admin API key' } },
}

/** POST /v1/admin/clients/{clientId}/replay: the client's recorded requests of a period, decided again. */
export async function replayRoutes(app: FastifyInstance) {
  app.post<{ Params: { clientId: string }; Body: ReplayRequest }>(
    '/v1/admin/clients/:clientId/replay',
    {
      config: { auth: 'admin' },
      bodyLimit: organizationBodyLimit,
      schema: {
        tags: ['Admin'],
        operationId: 'replayClientRequests',
        summary: "Replay a client's recorded requests under a candidate policy set",
        description:
          'Decides the signing requests the client made in [from, to) again under a proposal (proposalId) or ' +
          'candidate policies, in the order they were decided, each with the history it had, and reports which ' +
          'decisions flip (Permit → Forbid, Forbid → Permit, Confirm ↔ …), grouped by deciding policy, with ' +
          'counts and examples (paged by examples.offset). At most maxRequests (5000) per call: when truncated, ' +
          'replay again from nextFrom. Nothing is recorded or changed.',
        security: [{ adminApiKey: [] }],
        headers: adminHeaders,
        params: idParams('clientId', 'The client id'),
        body: replayRef('replayRequest'),
        response: {
          200: {
            type: 'object',
            additionalProperties: false,
            required: ['data'],
            properties: { data: replayRef('replayReport') },
          },
          ...errorResponses(400, 401, 404, 422, 500),
        },
      },
    },
    async (request) => ({ data: await replayClient(app.db, request.params.clientId, request.body) }),
  )
}
