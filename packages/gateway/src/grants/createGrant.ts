import { and, eq, inArray } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { networkTypes } from '../core/catalogue/networkCatalogue'
import { grants } from '../core/database/grantsSchema'
import { connections, networks } from '../core/database/schema'
import { GatewayError, type ValidationIssue } from '../core/errors/gatewayError'
import type { GatewayErrorCode } from '../core/errors/gatewayErrors'
import { finishUriProblem } from './finishUri'
import type { GrantRequest, GrantTimings } from './grantRequest'
import { hashSecret, newSecret } from './secrets'

export type CreateGrantInput = {
  clientId: string
  /** The key that signed the request: continuation must come from the same key. */
  kid: string
  /** Whether the request carried an Authorization header (a grant request must not). */
  hasAccessToken: boolean
  body: GrantRequest
  origin: string
  /** The grant endpoint URI as the client signed it, when known. */
  grantEndpoint?: string
}

export type GrantResponse = {
  interact: { redirect: string; finish: string; expires_in: number }
  continue: { access_token: { value: string }; uri: string }
}

function invalid(code: GatewayErrorCode, message: string, path: string): never {
  const issue: ValidationIssue = { path, message, in: 'body' }
  throw new GatewayError(code, message, { issues: [issue] })
}

/** The user ids of a client's entities document. */
function entityUserIds(entities: Record<string, unknown>): Set<string> {
  const users = Array.isArray(entities.users) ? entities.users : []
  return new Set(
    users.flatMap((user) =>
      user && typeof user === 'object' && typeof (user as { id?: unknown }).id === 'string'
        ? [(user as { id: string }).id]
        : [],
    ),
  )
}

async function checkNetworks(app: FastifyInstance, requested: string[] | string): Promise<void> {
  if (typeof requested === 'string') {
    if (requested !== 'all' && !(networkTypes as readonly string[]).includes(requested)) {
      invalid('GRANT_NETWORK_UNKNOWN', `Unknown network category ${requested}`, '/networks')
    }
    return
  }
  const known = await app.db
    .select({ networkId: networks.networkId })
    .from(networks)
    .where(inArray(networks.networkId, requested))
  const knownIds = new Set(known.map((row) => row.networkId))
  const index = requested.findIndex((networkId) => !knownIds.has(networkId))
  if (index >= 0)
    invalid('GRANT_NETWORK_UNKNOWN', `Unknown network ${requested[index]}`, `/networks/${index}`)
}

async function checkLocations(app: FastifyInstance, clientId: string, body: GrantRequest): Promise<void> {
  const requested = body.access_token.access.flatMap((right) => right.locations ?? [])
  if (requested.length === 0) return
  const active = await app.db
    .select({ connectionId: connections.connectionId })
    .from(connections)
    .where(
      and(
        eq(connections.clientId, clientId),
        eq(connections.status, 'active'),
        inArray(connections.connectionId, requested),
      ),
    )
  const activeIds = new Set(active.map((row) => row.connectionId))
  body.access_token.access.forEach((right, i) => {
    const j = (right.locations ?? []).findIndex((connectionId) => !activeIds.has(connectionId))
    if (j >= 0) {
      invalid(
        'GRANT_LOCATION_UNKNOWN',
        `${right.locations?.[j]} is not an active connection of this client`,
        `/access_token/access/${i}/locations/${j}`,
      )
    }
  })
}

/**
 * Starts a grant (RFC 9635 §2–3): checks what the schema cannot (the client named in the body is the signing
 * client, the finish URI, networks, user and connections exist), stores the grant with its secrets hashed, and
 * answers with the interaction redirect, the server nonce and the continuation token (shown only here).
 */
export async function createGrant(
  app: FastifyInstance,
  input: CreateGrantInput,
  timings: GrantTimings,
): Promise<GrantResponse> {
  const { body, clientId } = input
  if (input.hasAccessToken) {
    throw new GatewayError('GRANT_TOKEN_UNEXPECTED', 'A grant request carries no Authorization header')
  }
  if (body.client !== clientId) {
    invalid('GRANT_CLIENT_MISMATCH', 'client must be the x-client-id of the request', '/client')
  }
  const uriProblem = finishUriProblem(body.interact.finish.uri)
  if (uriProblem) invalid('GRANT_FINISH_URI_INVALID', `The finish uri ${uriProblem}`, '/interact/finish/uri')
  await checkNetworks(app, body.networks)
  if (body.user) {
    const entities = await app.clientPolicies.organizationOf(clientId)
    if (!entityUserIds(entities as unknown as Record<string, unknown>).has(body.user.id)) {
      invalid('GRANT_USER_UNKNOWN', 'user.id is not a user of the client entities', '/user/id')
    }
  }
  await checkLocations(app, clientId, body)

  const now = timings.now()
  const grantId = `grant_${newSecret('nonce')}`
  const interactionId = newSecret('interaction')
  const continuationToken = newSecret('continuation')
  const serverNonce = newSecret('nonce')
  const grantEndpoint = input.grantEndpoint ?? `${input.origin}/v1/grant`
  await app.db.insert(grants).values({
    grantId,
    clientId,
    kid: input.kid,
    status: 'pending',
    label: body.access_token.label ?? null,
    requestedAccess: body.access_token.access.map((right) => ({
      type: right.type,
      actions: right.actions,
      locations: right.locations ?? [],
    })),
    userId: body.user?.id ?? null,
    providers: body.providers,
    networks: body.networks,
    capabilities: body.capabilities ?? [],
    finishUri: body.interact.finish.uri,
    clientNonce: body.interact.finish.nonce,
    serverNonce,
    hashMethod: body.interact.finish.hash_method,
    grantEndpoint,
    interactionIdHash: hashSecret(interactionId),
    continuationHash: hashSecret(continuationToken),
    interactRefHash: null,
    connectionIds: [],
    interactionExpiresAt: new Date(now.getTime() + timings.interactionTtlSeconds * 1000),
    createdAt: now,
    updatedAt: now,
  })
  return {
    interact: {
      redirect: `${input.origin}/v1/grant/interact/${interactionId}`,
      finish: serverNonce,
      expires_in: timings.interactionTtlSeconds,
    },
    continue: { access_token: { value: continuationToken }, uri: `${input.origin}/v1/continue` },
  }
}
