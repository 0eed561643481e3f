import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { GrantedAccessRow } from '../core/database/grantsSchema'
import { cachedRead } from '../core/database/readCache'
import { GatewayError } from '../core/errors/gatewayError'
import {
  type GrantAction,
  type GrantLocation,
  type RouteGrant,
  routeGrantKey,
  routeGrants,
} from './grantActions'
import { publicOrigin } from './publicOrigin'
import { hashSecret, sameSecret } from './secrets'
import { findAccessToken, hasGrantedConnections, isGrantedConnection } from './tokenStore'

/**
 * The access token a request was let through with, and the networks its grant enabled (ids, or a category:
 * `all` or a network type).
 */
export type RequestGrant = {
  tokenId: string
  grantId: string
  access: GrantedAccessRow[]
  networks: string[] | string
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * What an access token must cover on this route (see {@link requireGrant}); `self` for the grant routes,
     * whose Authorization header carries a continuation or management token of their own.
     */
    grant?: RouteGrant | 'self'
  }
  interface FastifyRequest {
    /** Set when the request carried an access token that covers the route. */
    grant: RequestGrant | null
  }
}

/** Route config for a route an access token can be used on: `{ config: requireGrant('evm:sign') }`. */
export function requireGrant(action: GrantAction, location: GrantLocation = 'header'): { grant: RouteGrant } {
  return { grant: { action, location } }
}

export type GrantEnforcementOptions = { now: () => Date }

/** The connection id a route acts on, or undefined when the request names none. */
function locationOf(request: FastifyRequest, location: GrantLocation): string | undefined {
  if (location === 'none') return undefined
  if (location === 'header') {
    const value = request.headers['x-connection-id']
    return typeof value === 'string' ? value : undefined
  }
  const value = (request.params as Record<string, unknown> | undefined)?.[location.param]
  return typeof value === 'string' ? value : undefined
}

/** Where to get a token (RFC 9635 §9.1, the RS-first discovery of the grant endpoint). */
function asDiscovery(app: FastifyInstance, request: FastifyRequest): string {
  return `GNAP as_uri="${publicOrigin(app, request)}/v1/grant"`
}

function tokenRequired(message: string): never {
  throw new GatewayError('GRANT_TOKEN_REQUIRED', message)
}

/**
 * Enforces access tokens on every client route, after the request signature is verified:
 *
 * - With `Authorization: GNAP <token>`: the token must exist, belong to the signing client and be bound to the
 *   signing key, be neither expired nor revoked, and hold an access right with the route's action at the route's connection. A route that no
 *   one classified refuses every token.
 * - Without a token: a connection that a grant placed under a user's control may not be used; and while a
 *   client has such a connection, routes that read across all its connections need `x-connection-id` naming
 *   another one (or a token), so nothing under the user's control leaks through a list.
 */
export function grantEnforcementHook(app: FastifyInstance, options: GrantEnforcementOptions) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const client = request.client
    const config = request.routeOptions.config
    if (!client || config.auth === 'none' || config.auth === 'admin' || config.grant === 'self') return
    const routeGrant =
      config.grant ?? routeGrants[routeGrantKey(request.method, request.routeOptions.url ?? request.url)]

    if (client.accessToken === undefined) {
      if (!routeGrant || routeGrant.location === 'none') return
      const connectionId = locationOf(request, routeGrant.location)
      if (connectionId !== undefined) {
        const granted = await cachedRead(
          app.readCache,
          ['isGrantedConnection', client.clientId, connectionId],
          () => isGrantedConnection(app.db, client.clientId, connectionId),
        )
        if (granted) {
          reply.header('www-authenticate', asDiscovery(app, request))
          tokenRequired('This connection is under a user grant: present an access token that covers it')
        }
      } else if (
        routeGrant.location === 'header' &&
        (await cachedRead(app.readCache, ['hasGrantedConnections', client.clientId], () =>
          hasGrantedConnections(app.db, client.clientId),
        ))
      ) {
        reply.header('www-authenticate', asDiscovery(app, request))
        tokenRequired(
          'Some connections of this client are under a user grant: name a connection with x-connection-id, or present an access token',
        )
      }
      return
    }

    // Kept by the token's hash (the value itself stays out of memory); expiry is checked below, against the clock.
    const accessToken = client.accessToken
    const token = await cachedRead(app.readCache, ['findAccessToken', hashSecret(accessToken)], () =>
      findAccessToken(app.db, accessToken),
    )
    if (!token || token.clientId !== client.clientId) {
      throw new GatewayError('GRANT_TOKEN_INVALID', 'The access token is not valid for this client')
    }
    // A token is bound to the key that asked for it (RFC 9635 §7.3), not to every key of the client.
    if (!sameSecret(token.kid, client.kid)) {
      throw new GatewayError(
        'GRANT_TOKEN_INVALID',
        'The access token is bound to another key of this client: sign with the key that requested it',
      )
    }
    if (token.revokedAt) throw new GatewayError('GRANT_TOKEN_REVOKED', 'The access token was revoked')
    if (token.expiresAt.getTime() <= options.now().getTime()) {
      throw new GatewayError('GRANT_TOKEN_EXPIRED', 'The access token has expired')
    }
    if (!routeGrant) {
      throw new GatewayError('GRANT_ROUTE_NOT_COVERED', 'Access tokens cannot be used on this route')
    }
    const { action, location } = routeGrant
    const withAction = token.access.filter((right) => right.actions.includes(action))
    if (withAction.length === 0) {
      throw new GatewayError('GRANT_ACTION_NOT_COVERED', `The access token does not grant ${action}`, {
        action,
      })
    }
    if (location !== 'none') {
      const connectionId = locationOf(request, location)
      if (connectionId === undefined) {
        throw new GatewayError(
          'GRANT_CONNECTION_REQUIRED',
          'An access token acts on named connections: send x-connection-id',
          { action },
        )
      }
      if (!withAction.some((right) => right.locations.includes(connectionId))) {
        throw new GatewayError(
          'GRANT_LOCATION_NOT_COVERED',
          `The access token does not grant ${action} on this connection`,
          { action, connectionId },
        )
      }
    }
    request.grant = {
      tokenId: token.tokenId,
      grantId: token.grantId,
      access: token.access,
      networks: token.networks,
    }
  }
}
