import { and, eq } from 'drizzle-orm'
import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import { clientOf } from '../../auth/authPlugin'
import { type SigningRequestRow, signingRequests } from '../../core/database/actionsSchema'
import type { Database } from '../../core/database/openDatabase'
import { GatewayError } from '../../core/errors/gatewayError'
import { clientHeaders, errorResponses, idParams } from '../../core/http/routeSchemas'
import { requireGrantedNetwork } from '../../grants/grantScope'
import { requireGrant } from '../../grants/requireGrant'
import { approveSigningRequest } from '../pipeline/approveRequest'
import { checkedReason, rejectSigningRequest, verifyRejection } from '../pipeline/rejectRequest'
import { type Plan, recordToApi, type SigningAction } from '../pipeline/signingAction'
import { connectionIdOf, createSigningRequest } from '../pipeline/signingPipeline'
import type { SigningServices } from '../pipeline/signingServices'
import { type ActionSchemaName, actionDataOf, actionRef } from './actionSchemas'

export const connectionHeaders = clientHeaders({
  'x-connection-id': {
    type: 'string',
    minLength: 1,
    maxLength: 64,
    description: 'The connection to act through',
  },
})

export type SigningRoutesOptions<Body extends { idempotenceId: string }> = {
  path: string
  tag: string
  noun: string
  /** The operationIds' noun: `EvmSendTransaction` gives createEvmSendTransaction, getEvmSendTransaction, approveEvmSendTransaction. */
  operationName: string
  action: SigningAction<Body>
  body: ActionSchemaName
  record: ActionSchemaName
  /** Checks that give a clearer answer than the schema would, run before it. */
  preValidation?: (body: unknown) => void
}

/** Reads one of the client's records of an action kind, by its request id. */
export async function findRecord(
  db: Database,
  scope: { clientId: string; connectionId?: string },
  kind: string,
  requestId: string,
  noun: string,
) {
  const [row] = await db
    .select()
    .from(signingRequests)
    .where(
      and(
        eq(signingRequests.clientId, scope.clientId),
        eq(signingRequests.kind, kind),
        eq(signingRequests.requestId, requestId),
        scope.connectionId === undefined ? undefined : eq(signingRequests.connectionId, scope.connectionId),
      ),
    )
  if (!row) throw new GatewayError('REQUEST_NOT_FOUND', `${noun} not found`)
  return row
}

/** POST `path` (create through the signing pipeline) and GET `path/:id` for one signing action. */
export function registerSigningRoutes<Body extends { idempotenceId: string }>(
  app: FastifyInstance,
  services: SigningServices,
  options: SigningRoutesOptions<Body>,
) {
  const { action, noun } = options
  app.post<{ Body: Body }>(
    options.path,
    {
      ...(options.preValidation
        ? { preValidation: async (request: { body: unknown }) => options.preValidation?.(request.body) }
        : {}),
      schema: {
        tags: [options.tag],
        operationId: `create${options.operationName}`,
        summary: `Create a ${noun.toLowerCase()}`,
        description:
          'Decoded, evaluated against the client policies and, only when permitted, handed to the provider. ' +
          'The same idempotenceId with the same body returns the original record; with another body, 409.',
        headers: connectionHeaders,
        body: actionRef(options.body),
        response: {
          201: actionDataOf(options.record),
          ...errorResponses(400, 401, 403, 404, 409, 422, 500, 502),
        },
      },
    },
    async (request, reply) => {
      const response = await createSigningRequest(services, request, action, request.body as Body)
      if (response.replayed) reply.header('idempotent-replayed', 'true')
      reply.status(response.statusCode)
      return { data: response.data }
    },
  )

  app.post<{ Params: { id: string }; Body: { approval: string } }>(
    `${options.path}/:id/approve`,
    {
      config: requireGrant('requests:approve'),
      schema: {
        tags: [options.tag],
        operationId: `approve${options.operationName}`,
        summary: `Approve a ${noun.toLowerCase()} waiting for approvals`,
        description:
          'The approval is a compact JWS (typ rampart-approval+jws) over {clientId, kind, requestId, iat}, where ' +
          `kind is the record's \`kind\` (${options.action.kind} here; see RequestKind), signed ` +
          'with the key of one of the organization credentials. Once the approvals satisfy the policies, the ' +
          'request goes on to the provider.',
        headers: connectionHeaders,
        params: idParams('id', `The ${noun.toLowerCase()} id`),
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['approval'],
          properties: { approval: { type: 'string', minLength: 1, maxLength: 16384 } },
        },
        response: {
          200: actionDataOf(options.record),
          ...errorResponses(401, 403, 404, 409, 422, 500, 502),
        },
      },
    },
    async (request) => {
      const { clientId } = clientOf(request)
      const connectionId = connectionIdOf(request)
      const row = await findRecord(
        services.db,
        { clientId, connectionId },
        action.kind,
        request.params.id,
        noun,
      )
      // An approval can send the request on to signing: a token must cover its network, as for the create.
      requireGrantedNetwork(request, (row.plan as unknown as Plan).signer)
      return {
        data: recordToApi(action, await approveSigningRequest(services, action, row, request.body.approval)),
      }
    },
  )

  app.post<{ Params: { id: string }; Body: { rejection: string } }>(
    `${options.path}/:id/reject`,
    {
      config: requireGrant('requests:approve'),
      schema: {
        tags: [options.tag],
        operationId: `reject${options.operationName}`,
        summary: `Reject a ${noun.toLowerCase()} waiting for approvals`,
        description:
          'The rejection is a compact JWS (typ rampart-rejection+jws) over {clientId, kind, requestId, reason, iat}, ' +
          'signed with the key of one of the organization credentials, as an approval is. The request ends: its ' +
          'status becomes rejected and its failure (code REQUEST_REJECTED) gives the reason.',
        headers: connectionHeaders,
        params: idParams('id', `The ${noun.toLowerCase()} id`),
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['rejection'],
          properties: { rejection: { type: 'string', minLength: 1, maxLength: 16384 } },
        },
        response: {
          200: actionDataOf(options.record),
          ...errorResponses(401, 403, 404, 409, 422, 500),
        },
      },
    },
    async (request) => {
      const { clientId } = clientOf(request)
      const connectionId = connectionIdOf(request)
      const row = await findRecord(
        services.db,
        { clientId, connectionId },
        action.kind,
        request.params.id,
        noun,
      )
      const state = await services.clientPolicies.forClient(clientId)
      const rejecter = await verifyRejection(
        request.body.rejection,
        state.entities.credentials ?? [],
        { clientId, kind: action.kind, requestId: row.requestId },
        { now: Math.floor(services.clock().getTime() / 1000), maxAgeSeconds: services.jwsMaxAgeSeconds },
      )
      const { reason, ...who } = rejecter
      return {
        data: recordToApi(action, await rejectSigningRequest(services, row, who, checkedReason(reason))),
      }
    },
  )

  app.get<{ Params: { id: string } }>(
    `${options.path}/:id`,
    {
      schema: {
        tags: [options.tag],
        operationId: `get${options.operationName}`,
        summary: `Get a ${noun.toLowerCase()}`,
        headers: connectionHeaders,
        params: idParams('id', `The ${noun.toLowerCase()} id`),
        response: { 200: actionDataOf(options.record), ...errorResponses(401, 404, 409, 422, 500) },
      },
    },
    async (request) => {
      const { clientId } = clientOf(request)
      const connectionId =
        typeof request.headers['x-connection-id'] === 'string' ? connectionIdOf(request) : undefined
      const row = await findRecord(
        services.db,
        { clientId, ...(connectionId === undefined ? {} : { connectionId }) },
        action.kind,
        request.params.id,
        noun,
      )
      return { data: recordToApi(action, await refreshed(services, action, row)) }
    },
  )
}

/**
 * A record with the provider's current view, for actions whose state moves after the create (staking). When the
 * provider cannot be reached, the stored view is returned: a read never fails because the provider is down.
 */
async function refreshed<Body extends { idempotenceId: string }>(
  services: SigningServices,
  action: SigningAction<Body>,
  row: SigningRequestRow,
): Promise<SigningRequestRow> {
  if (!action.refresh || !row.result?.externalId) return row
  try {
    const session = await services.sessions.sessionFor(row.clientId, row.connectionId)
    const view = await action.refresh(session, row)
    const [updated] = await services.db
      .update(signingRequests)
      .set({ result: { ...row.result, ...view }, updatedAt: services.clock() })
      .where(eq(signingRequests.rowId, row.rowId))
      .returning()
    return updated ?? row
  } catch (error) {
    logRefreshFailure(services.log, error, row.requestId)
    return row
  }
}

function logRefreshFailure(log: FastifyBaseLogger, error: unknown, requestId: string) {
  log.warn({ err: error, requestId }, 'the provider view of a record could not be refreshed')
}
