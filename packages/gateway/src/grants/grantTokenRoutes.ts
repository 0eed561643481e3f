import accessTokenResponseSchema from '@rampart/schemas/gateway/grants/accessTokenResponse.schema.json'
import type { FastifyInstance } from 'fastify'
import { clientOf } from '../auth/authPlugin'
import { clientHeaders, errorResponses, idParams } from '../core/http/routeSchemas'
import type { GrantTimings } from './grantRequest'
import { inlineSchema } from './grantRouteSchemas'
import { revokeToken, rotateToken } from './manageToken'
import { publicOrigin } from './publicOrigin'

const description =
  'The manage URI of an access token (RFC 9635 §6). Sent with `Authorization: GNAP <token management access token>` (`manage.access_token.value`) and signed with the key the token is bound to (the key of the grant request).'

/** POST (rotate) and DELETE (revoke) /v1/grant/tokens/{tokenId}. */
export function grantTokenRoutes(timings: GrantTimings) {
  return async (app: FastifyInstance) => {
    app.post<{ Params: { tokenId: string } }>(
      '/v1/grant/tokens/:tokenId',
      {
        config: { grant: 'self' },
        schema: {
          tags: ['Grants'],
          operationId: 'rotateAccessToken',
          summary: 'Rotate an access token',
          description: `${description} Returns new access and management values with the same rights; the old values stop working at once.`,
          headers: clientHeaders(),
          params: idParams('tokenId', 'The token id, from the manage URI'),
          response: { 200: inlineSchema(accessTokenResponseSchema), ...errorResponses(401, 422, 500) },
        },
      },
      async (request, reply) => {
        const client = clientOf(request)
        const response = await rotateToken(
          app.db,
          {
            clientId: client.clientId,
            kid: client.kid,
            tokenId: request.params.tokenId,
            managementToken: client.accessToken,
            origin: publicOrigin(app, request),
          },
          timings,
        )
        reply.header('cache-control', 'no-store')
        return response
      },
    )

    app.delete<{ Params: { tokenId: string } }>(
      '/v1/grant/tokens/:tokenId',
      {
        config: { grant: 'self' },
        schema: {
          tags: ['Grants'],
          operationId: 'revokeAccessToken',
          summary: 'Revoke an access token',
          description,
          headers: clientHeaders(),
          params: idParams('tokenId', 'The token id, from the manage URI'),
          response: { 204: { description: 'Revoked', type: 'null' }, ...errorResponses(401, 422, 500) },
        },
      },
      async (request, reply) => {
        const client = clientOf(request)
        await revokeToken(
          app.db,
          {
            clientId: client.clientId,
            kid: client.kid,
            tokenId: request.params.tokenId,
            managementToken: client.accessToken,
          },
          timings,
        )
        reply.status(204).send()
      },
    )
  }
}
