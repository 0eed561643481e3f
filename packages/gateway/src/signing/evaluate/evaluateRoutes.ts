import type { FastifyInstance } from 'fastify'
import { clientOf } from '../../auth/authPlugin'
import { clientHeaders, errorResponses } from '../../core/http/routeSchemas'
import { actionRef } from '../actions/actionSchemas'
import type { SigningRoutesPluginOptions } from '../pipeline/signingServices'
import { type EvaluateBody, evaluateRequest } from './evaluateRequest'

const serializeEvaluateResponse = (payload: unknown) => JSON.stringify(payload)

/** POST /evaluate: decode and evaluate a signing request without signing it. */
export async function evaluateRoutes(app: FastifyInstance, { services }: SigningRoutesPluginOptions) {
  app.post<{ Body: EvaluateBody }>(
    '/evaluate',
    {
      schema: {
        tags: ['Evaluate'],
        operationId: 'evaluateRequest',
        summary: 'Decode a request and evaluate it against the client policies',
        description:
          'Returns the decoded intent (ERC-7730 display, ABI decoding, nested resolutions), whether the client ' +
          'policies whitelist it for the signing credential, the presets evaluated and the signed decision.',
        headers: clientHeaders(),
        body: actionRef('evaluateRequest'),
        response: { 200: actionRef('evaluateResponse'), ...errorResponses(400, 401, 422, 500) },
      },
    },
    async (request, reply) => {
      const { clientId, kid } = clientOf(request)
      const data = await evaluateRequest(services, clientId, kid, request.body)
      // evaluateRequest builds the response field by field to its schema, and most of it is free-form (display,
      // decoding, intent), which the schema's serializer would hand to JSON.stringify piece by piece anyway.
      reply.serializer(serializeEvaluateResponse)
      return { data }
    },
  )
}
