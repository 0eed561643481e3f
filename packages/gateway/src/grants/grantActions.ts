import grantRequestSchema from '@rampart/schemas/gateway/grants/grantRequest.schema.json'
import type { GrantAction } from '../generated/grantRequest'

/** Every action an access token can grant, from `schemas/gateway/grants/grantRequest.schema.json`. */
export const grantActions = grantRequestSchema.$defs.action.enum as readonly GrantAction[]

export type { GrantAction }

/**
 * Where a route's connection (the location a token must cover) comes from:
 * - `header`: the `x-connection-id` header (a token limited to connections must name one);
 * - `{ param }`: a path parameter that is a connection id;
 * - `none`: the route acts on no particular connection (the catalogue, creating a connection, /evaluate).
 */
export type GrantLocation = 'header' | { param: string } | 'none'

/** What a route requires of an access token: one action, at one location. */
export type RouteGrant = { action: GrantAction; location: GrantLocation }

const header = 'header' as const
const none = 'none' as const
const connectionParam = { param: 'connectionId' }

/**
 * The action and location of every route an access token can be used on, keyed by `METHOD path` with each path
 * parameter written `:` (so the table does not depend on parameter names). A route may instead declare its own
 * `config.grant`. A token presented on a client route absent from both is refused: tokens never reach a route
 * nobody has classified.
 */
export const routeGrants: Readonly<Record<string, RouteGrant>> = {
  'GET /v1/provider/connections': { action: 'connections:read', location: none },
  'POST /v1/provider/connections': { action: 'connections:create', location: none },
  'GET /v1/provider/connections/:': { action: 'connections:read', location: connectionParam },
  'POST /v1/provider/connections/:/sync': { action: 'connections:sync', location: connectionParam },
  'DELETE /v1/provider/connections/:': { action: 'connections:revoke', location: connectionParam },

  'GET /v1/provider/wallets': { action: 'wallets:read', location: header },
  'GET /v1/provider/wallets/:': { action: 'wallets:read', location: header },
  'GET /v1/provider/accounts': { action: 'accounts:read', location: header },
  'GET /v1/provider/accounts/:': { action: 'accounts:read', location: header },
  'GET /v1/provider/addresses': { action: 'addresses:read', location: header },
  'GET /v1/provider/addresses/:': { action: 'addresses:read', location: header },
  'GET /v1/provider/known-destinations': { action: 'known-destinations:read', location: header },

  'GET /v1/provider/networks': { action: 'networks:read', location: none },
  'GET /v1/provider/assets': { action: 'assets:read', location: none },
  'POST /v1/vault/encryption-keys': { action: 'encryption-keys:create', location: none },

  'POST /v1/provider/transfers': { action: 'transfers:create', location: header },
  'GET /v1/provider/transfers/:': { action: 'transfers:read', location: header },

  'POST /v1/provider/evm/send-transaction': { action: 'evm:sign', location: header },
  'GET /v1/provider/evm/send-transaction/:': { action: 'evm:read', location: header },
  'POST /v1/provider/evm/sign-message': { action: 'evm:sign', location: header },
  'GET /v1/provider/evm/sign-message/:': { action: 'evm:read', location: header },
  'POST /v1/provider/evm/sign-typed-data': { action: 'evm:sign', location: header },
  'GET /v1/provider/evm/sign-typed-data/:': { action: 'evm:read', location: header },

  'POST /v1/provider/sign-raw': { action: 'raw:sign', location: header },
  'GET /v1/provider/sign-raw/:': { action: 'raw:read', location: header },

  'POST /v1/provider/ethereum/stakes': { action: 'staking:stake', location: header },
  'GET /v1/provider/ethereum/stakes/:': { action: 'staking:read', location: header },
  'POST /v1/provider/ethereum/unstakes': { action: 'staking:unstake', location: header },
  'GET /v1/provider/ethereum/unstakes/:': { action: 'staking:read', location: header },
  'GET /v1/provider/ethereum/unstakeable-positions': { action: 'staking:read', location: header },

  'POST /v1/provider/transfers/:/approve': { action: 'requests:approve', location: header },
  'POST /v1/provider/evm/send-transaction/:/approve': { action: 'requests:approve', location: header },
  'POST /v1/provider/evm/sign-message/:/approve': { action: 'requests:approve', location: header },
  'POST /v1/provider/evm/sign-typed-data/:/approve': { action: 'requests:approve', location: header },
  'POST /v1/provider/sign-raw/:/approve': { action: 'requests:approve', location: header },
  'POST /v1/provider/ethereum/stakes/:/approve': { action: 'requests:approve', location: header },
  'POST /v1/provider/ethereum/unstakes/:/approve': { action: 'requests:approve', location: header },
  // Ending a request waiting for approvals is the approver's power too.
  'POST /v1/provider/transfers/:/reject': { action: 'requests:approve', location: header },
  'POST /v1/provider/evm/send-transaction/:/reject': { action: 'requests:approve', location: header },
  'POST /v1/provider/evm/sign-message/:/reject': { action: 'requests:approve', location: header },
  'POST /v1/provider/evm/sign-typed-data/:/reject': { action: 'requests:approve', location: header },
  'POST /v1/provider/sign-raw/:/reject': { action: 'requests:approve', location: header },
  'POST /v1/provider/ethereum/stakes/:/reject': { action: 'requests:approve', location: header },
  'POST /v1/provider/ethereum/unstakes/:/reject': { action: 'requests:approve', location: header },

  'POST /evaluate': { action: 'evaluate', location: none },
}

/**
 * The key of a route in {@link routeGrants}: `GET /v1/provider/wallets/:walletId` → `GET /v1/provider/wallets/:`.
 * HEAD is the GET route without its body, so it needs what GET needs.
 */
export function routeGrantKey(method: string, url: string): string {
  const verb = method.toUpperCase()
  return `${verb === 'HEAD' ? 'GET' : verb} ${url.replace(/:[^/]+/g, ':')}`
}
