import type { EntityChange } from '@rampart/entities'
import type { FastifyInstance } from 'fastify'
import { readClient } from '../core/database/organizationStore'
import { GatewayError } from '../core/errors/gatewayError'
import { organizationBodyLimit } from '../core/http/bodyLimits'
import { ref } from '../core/http/gatewaySchemas'
import { dataOf, errorResponses, idParams } from '../core/http/routeSchemas'
import {
  type ClientRegistration,
  type ClientUpdate,
  changeClientEntities,
  clientToApi,
  registerClient,
  updateClient,
} from './registerClient'

const adminHeaders = {
  type: 'object',
  properties: { 'x-api-key': { type: 'string', description: 'The admin API key' } },
}

/** Admin: register API clients with their keys, entities, policies and presets. */
export async function adminClientsRoutes(app: FastifyInstance) {
  app.post<{ Body: ClientRegistration }>(
    '/v1/admin/clients',
    {
      config: { auth: 'admin' },
      bodyLimit: organizationBodyLimit,
      schema: {
        tags: ['Admin'],
        operationId: 'createClient',
        summary: 'Register a client',
        security: [{ adminApiKey: [] }],
        headers: adminHeaders,
        body: ref('createClientRequest'),
        response: { 201: dataOf('client'), ...errorResponses(400, 401, 409, 422, 500) },
      },
    },
    async (request, reply) => {
      const row = await registerClient(app.db, request.body)
      reply.status(201)
      return { data: clientToApi(row) }
    },
  )

  app.get<{ Params: { clientId: string } }>(
    '/v1/admin/clients/:clientId',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['Admin'],
        operationId: 'getClient',
        summary: 'Get a client',
        security: [{ adminApiKey: [] }],
        headers: adminHeaders,
        params: idParams('clientId', 'The client id'),
        response: { 200: dataOf('client'), ...errorResponses(401, 404, 422, 500) },
      },
    },
    async (request) => {
      const stored = await readClient(app.db, request.params.clientId)
      if (!stored) throw new GatewayError('CLIENT_NOT_FOUND', 'Client not found')
      return { data: clientToApi({ ...stored.client, entities: stored.organization }) }
    },
  )

  app.patch<{ Params: { clientId: string }; Body: ClientUpdate }>(
    '/v1/admin/clients/:clientId',
    {
      config: { auth: 'admin' },
      bodyLimit: organizationBodyLimit,
      schema: {
        tags: ['Admin'],
        operationId: 'updateClient',
        summary:
          "Update a client's name or keys (its entities, policies or presets only before its first signed version)",
        description:
          'Once a client has an applied policy version, its entities, policies and presets change only through proposals approved by its quorum (POST /v1/admin/clients/{clientId}/proposals); asking for it here answers 409 POLICIES_GOVERNED.',
        security: [{ adminApiKey: [] }],
        headers: adminHeaders,
        params: idParams('clientId', 'The client id'),
        body: ref('updateClientRequest'),
        response: { 200: dataOf('client'), ...errorResponses(400, 401, 404, 409, 422, 500) },
      },
    },
    async (request) => {
      const row = await updateClient(app.db, request.params.clientId, request.body)
      // A removed key must stop verifying at once, and new policies should decide the next request.
      await app.clientKeys.invalidate(row.clientId)
      app.clientPolicies.revalidate(row.clientId)
      return { data: clientToApi(row) }
    },
  )

  app.post<{ Params: { clientId: string }; Body: { changes: EntityChange[] } }>(
    '/v1/admin/clients/:clientId/entity-changes',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['Admin'],
        operationId: 'changeClientEntities',
        summary: "Put or remove entities of a client's organization (only before its first signed version)",
        description:
          "The changes are applied in order, all or none, each validated against the organization as the changes before it left it (issues under /changes/{index}). A put replaces the entity with its key (its id in any case, or a link's two ids) where it stands, or adds it at the end of its collection. What is sent, stored and logged is in proportion to the changes: at 100,000 accounts, adding one account this way does not send, store or log the 35 MiB organization again. Once a client has an applied policy version, its entities change only through proposals: 409 POLICIES_GOVERNED.",
        security: [{ adminApiKey: [] }],
        headers: adminHeaders,
        params: idParams('clientId', 'The client id'),
        body: ref('entityChangesRequest'),
        response: { 200: dataOf('entityChangesResult'), ...errorResponses(400, 401, 404, 409, 422, 500) },
      },
    },
    async (request) => {
      const { clientId } = request.params
      // The state this gateway decides with, brought to the client row's version: the changes are validated against
      // its index (a lookup each) rather than the stored organization indexed anew. A client not registered is the
      // update's to refuse.
      app.clientPolicies.revalidate(clientId)
      await app.clientPolicies.forClient(clientId).catch(() => undefined)
      const result = await changeClientEntities(app.db, clientId, request.body.changes, (version, changes) =>
        app.clientPolicies.checkEntityChanges(clientId, version, changes),
      )
      app.clientPolicies.revalidate(clientId)
      return { data: result }
    },
  )
}
