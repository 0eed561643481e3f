import accessTokenResponseSchema from '@rampart/schemas/gateway/grants/accessTokenResponse.schema.json'
import continueRequestSchema from '@rampart/schemas/gateway/grants/continueRequest.schema.json'
import grantRequestSchema from '@rampart/schemas/gateway/grants/grantRequest.schema.json'
import grantResponseSchema from '@rampart/schemas/gateway/grants/grantResponse.schema.json'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { clientOf } from '../auth/authPlugin'
import { clientHeaders, errorResponses } from '../core/http/routeSchemas'
import { continueGrant } from './continueGrant'
import { createGrant } from './createGrant'
import type { GrantRequest, GrantTimings } from './grantRequest'
import { inlineSchema, useBadRequestForValidation } from './grantRouteSchemas'
import { publicOrigin, signedUri } from './publicOrigin'

function grantEndpointOf(request: FastifyRequest): { grantEndpoint?: string } {
  const uri = signedUri(request)
  return uri === undefined ? {} : { grantEndpoint: uri }
}

/** POST /v1/grant and POST /v1/continue: the GNAP grant request and its continuation (RFC 9635 §2, §5). */
export function grantRoutes(timings: GrantTimings) {
  return async (app: FastifyInstance) => {
    useBadRequestForValidation(app)

    app.post<{ Body: GrantRequest }>(
      '/v1/grant',
      {
        config: { grant: 'self' },
        schema: {
          tags: ['Grants'],
          operationId: 'requestGrant',
          summary: 'Request a grant (GNAP)',
          description:
            'Starts a GNAP grant (RFC 9635): the user approves at `interact.redirect` and picks connections; the browser then returns to the finish URI with `hash` and `interact_ref`, and the client continues at `continue.uri`.',
          headers: clientHeaders(),
          body: inlineSchema(grantRequestSchema),
          response: { 201: inlineSchema(grantResponseSchema), ...errorResponses(400, 401, 500) },
        },
      },
      async (request, reply) => {
        const client = clientOf(request)
        const response = await createGrant(
          app,
          {
            clientId: client.clientId,
            kid: client.kid,
            hasAccessToken: client.accessToken !== undefined,
            body: request.body,
            origin: publicOrigin(app, request),
            ...grantEndpointOf(request),
          },
          timings,
        )
        reply.status(201).header('cache-control', 'no-store')
        return response
      },
    )

    app.post<{ Body: { interact_ref: string } }>(
      '/v1/continue',
      {
        config: { grant: 'self' },
        schema: {
          tags: ['Grants'],
          operationId: 'continueGrant',
          summary: 'Continue a grant (GNAP)',
          description:
            'Sent with `Authorization: GNAP <continuation token>` and signed with the key of the grant request. Returns the access token once; `expires_in` is in seconds.',
          headers: clientHeaders(),
          body: inlineSchema(continueRequestSchema),
          response: {
            201: inlineSchema(accessTokenResponseSchema),
            ...errorResponses(400, 401, 403, 409, 500),
          },
        },
      },
      async (request, reply) => {
        const client = clientOf(request)
        const response = await continueGrant(
          app.db,
          {
            clientId: client.clientId,
            kid: client.kid,
            continuationToken: client.accessToken,
            interactRef: request.body.interact_ref,
            origin: publicOrigin(app, request),
          },
          timings,
        )
        reply.status(201).header('cache-control', 'no-store')
        return response
      },
    )
  }
}
