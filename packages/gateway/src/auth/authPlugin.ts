import { timingSafeEqual } from 'node:crypto'
import { existsSync } from 'node:fs'
import { gt, sql } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import type { GatewayConfig } from '../core/config/gatewayConfig'
import { seenSignatures } from '../core/database/schema'
import { GatewayError } from '../core/errors/gatewayError'
import { ClientKeyChanges } from './clientKeyChanges'
import { ClientKeys } from './clientKeys'
import { DatabaseReplayStore } from './databaseReplayStore'
import { JournalReplayStore } from './journalReplayStore'
import { MemoryReplayStore } from './memoryReplayStore'
import type { ReplayStore, ReplayStoreKind } from './replayStore'
import { requestOrigin } from './requestOrigin'
import { countRequestsInFlight, eventLoopHasTimeToSpare } from './requestsInFlight'
import { verifyDetachedJws } from './verifyDetachedJws'

/** How a route authenticates its caller; routes without one require a signed client request (fail closed). */
export type RouteAuth = 'client' | 'admin' | 'none'

export type AuthenticatedClient = {
  clientId: string
  kid: string
  /** The token of an `Authorization: GNAP` header, verified against `ath`; what it grants is checked per route. */
  accessToken?: string
}

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: RouteAuth
  }
  interface FastifyRequest {
    client: AuthenticatedClient | null
  }
  interface FastifyInstance {
    /** The public keys of each client, cached briefly; invalidate a client's after changing its row. */
    clientKeys: ClientKeys
  }
}

/** The configured replay store, or the default: in memory only when the database is in-memory PGlite. */
export function replayStoreKind(config: Pick<GatewayConfig, 'replayStore' | 'database'>): ReplayStoreKind {
  if (config.replayStore) return config.replayStore
  const { database } = config
  return 'url' in database || database.dataDir !== undefined ? 'database' : 'memory'
}

/**
 * The client keys cache. Gateways sharing PostgreSQL hear each other's key changes (LISTEN/NOTIFY) on a connection
 * of this gateway's own, and cache nothing while it is down; a single PGlite gateway has no one else to hear.
 */
async function clientKeysOf(app: FastifyInstance): Promise<ClientKeys> {
  const { database } = app.config
  if (!('url' in database)) return new ClientKeys(app.db)
  let keys: ClientKeys | undefined
  const changes = new ClientKeyChanges({
    url: database.url,
    onChange: (clientId) => keys?.forget(clientId),
    onGap: () => keys?.forgetAll(),
  })
  keys = new ClientKeys(app.db, { shared: { listening: () => changes.listening } })
  app.addHook('onClose', () => changes.close())
  await changes.start()
  return keys
}

/**
 * The replay store of {@link replayStoreKind}. `database` on PGlite on disk, unless configured explicitly, is the
 * journal beside the data (JournalReplayStore): one process owns that database, so its memory and a file it appends
 * to refuse replays across restarts as the table did, without an INSERT per request. The rows the table still
 * holds (from before) are read once and refused until they expire.
 */
async function replayStoreOf(app: FastifyInstance): Promise<ReplayStore> {
  if (replayStoreKind(app.config) === 'memory') return new MemoryReplayStore()
  const { database, replayStore } = app.config
  // A data directory PGlite names otherwise (memory://, idb://) is no directory of this machine to write to.
  if (
    replayStore !== undefined ||
    'url' in database ||
    database.dataDir === undefined ||
    !existsSync(database.dataDir)
  ) {
    return new DatabaseReplayStore(app.db)
  }
  const rows = await app.db.select().from(seenSignatures).where(gt(seenSignatures.expiresAt, sql`now()`))
  const journal = await JournalReplayStore.open({
    directory: database.dataDir,
    alreadySeen: rows.map((row) => ({ ...row, expiresAt: row.expiresAt.getTime() })),
  })
  app.addHook('onClose', async () => journal.close())
  return journal
}

const clientIdPattern = /^[A-Za-z0-9_.-]{1,64}$/

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name]
  return Array.isArray(value) ? undefined : value
}

/** Reads `Authorization: GNAP <token>`; anything else in the header is refused rather than ignored. */
export function gnapToken(request: FastifyRequest): string | undefined {
  const authorization = header(request, 'authorization')
  if (authorization === undefined) return undefined
  const match = /^GNAP ([\x21-\x7e]{1,4096})$/.exec(authorization)
  if (!match)
    throw new GatewayError('AUTHORIZATION_MALFORMED', 'The Authorization header must be GNAP <token>')
  return match[1]
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

/**
 * Authenticates every request before its body is validated: admin routes by `x-api-key`, client routes by
 * `x-client-id` plus a detached JWS (RFC 9635 §7.3.3) signed by one of that client's keys, and then refused
 * if the same signed request was seen before.
 */
export const authPlugin = fp(
  async (app: FastifyInstance) => {
    const replays = await replayStoreOf(app)
    app.decorate('clientKeys', await clientKeysOf(app))
    app.decorateRequest('client', null)
    const inFlight = countRequestsInFlight(app)
    const loopHasTimeToSpare = eventLoopHasTimeToSpare()
    app.addHook('preValidation', async (request) => {
      const auth = request.routeOptions.config.auth ?? 'client'
      if (auth === 'none' || request.is404) return
      if (auth === 'admin') {
        const key = header(request, 'x-api-key')
        if (!key || !sameSecret(key, app.config.adminApiKey)) {
          throw new GatewayError('ADMIN_KEY_INVALID', 'A valid admin x-api-key is required')
        }
        return
      }
      const clientId = header(request, 'x-client-id')
      if (!clientId || !clientIdPattern.test(clientId)) {
        throw new GatewayError('CLIENT_ID_MISSING', 'The x-client-id header is required')
      }
      const accessToken = gnapToken(request)
      const keys = await app.clientKeys.keysOf(clientId)
      const now = Math.floor(Date.now() / 1000)
      // An unknown client is verified against no keys, so it fails exactly like an unknown kid.
      const verified = await verifyDetachedJws({
        jws: header(request, 'detached-jws'),
        method: request.method,
        url: request.raw.url ?? request.url,
        body: request.rawBody ?? new Uint8Array(),
        ...(accessToken === undefined ? {} : { accessToken }),
        keys: keys ?? [],
        now,
        maxAgeSeconds: app.config.jwsMaxAgeSeconds,
        // Behind a proxy, the origin arrived on is the proxy's only when trustProxy trusts it (X-Forwarded-*).
        origin: app.config.publicOrigin ?? requestOrigin(request),
        // Alone on an idle gateway, a request would only wait for the verifying thread's round trip (2 to 4 times
        // the check itself): checked here it is answered sooner. With others in flight, or with the event loop busy
        // lately (keep-alive connections under load send their requests one at a time), the loop has other work
        // to do, and the check goes to another thread (another core).
        onThisThread: inFlight.value <= 1 && loopHasTimeToSpare(),
      })
      const expiresAt = new Date((verified.header.created + app.config.jwsMaxAgeSeconds + 1) * 1000)
      await replays.remember(clientId, verified.replayKey, expiresAt)
      request.client = {
        clientId,
        kid: verified.header.kid,
        ...(accessToken === undefined ? {} : { accessToken }),
      }
    })
  },
  { name: 'rampart-auth', dependencies: ['rampart-core'] },
)

/** The authenticated client of a client route (the auth hook guarantees it). */
export function clientOf(request: FastifyRequest): AuthenticatedClient {
  if (!request.client) throw new GatewayError('UNAUTHENTICATED', 'Authentication is required')
  return request.client
}
