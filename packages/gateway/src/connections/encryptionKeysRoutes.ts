import type { FastifyInstance } from 'fastify'
import { clientOf } from '../auth/authPlugin'
import { ref } from '../core/http/gatewaySchemas'
import { clientHeaders, errorResponses } from '../core/http/routeSchemas'
import { createTransitKey } from './transitKeys'

/** POST /v1/vault/encryption-keys: a transit key to encrypt provider credentials to. */
export async function encryptionKeysRoutes(app: FastifyInstance) {
  app.post(
    '/v1/vault/encryption-keys',
    {
      schema: {
        tags: ['Vault'],
        operationId: 'createEncryptionKey',
        summary: 'Create a transit encryption key',
        description:
          'Returns an RSA public key (RSA-OAEP-256). Encrypt provider credentials to it as a compact JWE with enc A256GCM and send them to POST /v1/provider/connections before the key expires.',
        headers: clientHeaders(),
        response: {
          201: { description: 'The transit key', ...ref('encryptionKey') },
          ...errorResponses(401, 500),
        },
      },
    },
    async (request, reply) => {
      const { clientId } = clientOf(request)
      const key = await createTransitKey(
        app.db,
        app.config.masterKey,
        clientId,
        app.config.transitKeyTtlSeconds,
      )
      reply.status(201)
      return { publicKey: key.publicJwk, data: { keyId: key.keyId, jwk: key.publicJwk, pem: key.pem } }
    },
  )
}
