import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { ConnectionSessions } from '../connections/connectionSessions'
import type { GatewayConfig } from '../core/config/gatewayConfig'
import type { Database } from '../core/database/openDatabase'
import type { ReadCache } from '../core/database/readCache'
import { createKeyedLock, type KeyedLock } from '../core/lock/keyedLock'
import type { CustodyProvider } from '../providers/types'
import { ShadowMode } from '../shadow/shadowMode'
import { ShadowSets } from '../shadow/shadowSets'
import { ClientPolicies } from '../signing/pipeline/clientPolicyState'
import { createSigningServices, type SigningServices } from '../signing/pipeline/signingServices'
import { createPriceSource } from '../signing/prices/createPriceSource'

declare module 'fastify' {
  interface FastifyInstance {
    db: Database
    /** Reads kept until this gateway's next write that may change them; undefined where others write too. */
    readCache: ReadCache | undefined
    config: GatewayConfig
    /** The custody providers this gateway can connect to, by provider id. */
    providers: ReadonlyMap<string, CustodyProvider>
    sessions: ConnectionSessions
    /**
     * Takes one client's decisions that count past transfers (spending and rate limits) one at a time, each
     * seeing the transfers permitted before it: within this gateway, and across gateways with `lockAcrossGateways`.
     */
    limitedDecisions: KeyedLock
    /** Each client's evaluator, rebuilt when the client's entities or policies change. */
    clientPolicies: ClientPolicies
    /** What the signing pipeline works with, and its per-gateway state: built here, once per gateway. */
    signing: SigningServices
  }
}

export type CoreOptions = {
  db: Database
  config: GatewayConfig
  providers: readonly CustodyProvider[]
  lockAcrossGateways?: KeyedLock
  readCache?: ReadCache | undefined
}

/**
 * Shares the database, the configuration, the providers, the open provider sessions, the clients' evaluators and
 * the lock on limited decisions with every plugin, and builds the signing pipeline's services from them.
 */
export const corePlugin = fp<CoreOptions>(
  async (app: FastifyInstance, options) => {
    const providers = new Map(options.providers.map((provider) => [provider.id, provider]))
    app.decorate('db', options.db)
    app.decorate('readCache', options.readCache)
    app.decorate('config', options.config)
    app.decorate('providers', providers)
    const sessions = new ConnectionSessions(options.db, options.config.masterKey, providers)
    app.decorate('sessions', sessions)
    // Shared, not the signing routes' own: an admin update must reach the evaluators the signing routes decide with.
    const clientPolicies = new ClientPolicies(options.db, {
      priceMaxAge: options.config.prices?.maxAgeSeconds,
    })
    app.decorate('clientPolicies', clientPolicies)
    // The lock within the gateway goes first, so that a gateway holds at most one shared lock per client.
    const withinGateway = createKeyedLock()
    const across = options.lockAcrossGateways
    const limitedDecisions: KeyedLock = across
      ? (key, task) => withinGateway(key, () => across(key, task))
      : withinGateway
    app.decorate<KeyedLock>('limitedDecisions', limitedDecisions)
    // Shadow mode only observes: a proposal it cannot load, or a decision it cannot record, is a warning in the log.
    const shadowSets = new ShadowSets(options.db, (proposalId, reason) =>
      app.log.warn({ proposalId, reason }, 'the proposal approved for shadow cannot be loaded'),
    )
    const shadow = new ShadowMode(options.db, shadowSets, (clientId, reason) =>
      app.log.warn({ clientId, reason }, 'a decision could not be decided or recorded in shadow'),
    )
    app.decorate(
      'signing',
      createSigningServices({
        db: options.db,
        clientPolicies,
        sessions,
        limitedDecisions,
        attestationKey: options.config.attestationKey,
        jwsMaxAgeSeconds: options.config.jwsMaxAgeSeconds,
        log: app.log,
        shadow,
        prices: createPriceSource(options.config.prices, {
          warn: (message) => app.log.warn({ prices: message }, 'the price source failed'),
        }),
        ...(options.config.follow ? { follow: options.config.follow } : {}),
      }),
    )
  },
  { name: 'rampart-core' },
)
