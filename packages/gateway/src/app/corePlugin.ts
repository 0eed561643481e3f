import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { GatewayConfig } from '../config/gatewayConfig'
import { ConnectionSessions } from '../connections/connectionSessions'
import type { Database } from '../db/openDatabase'
import type { CustodyProvider } from '../providers/types'

declare module 'fastify' {
  interface FastifyInstance {
    db: Database
    config: GatewayConfig
    /** The custody providers this gateway can connect to, by provider id. */
    providers: ReadonlyMap<string, CustodyProvider>
    sessions: ConnectionSessions
  }
}

export type CoreOptions = { db: Database; config: GatewayConfig; providers: readonly CustodyProvider[] }

/** Shares the database, the configuration, the providers and the open provider sessions with every plugin. */
export const corePlugin = fp<CoreOptions>(
  async (app: FastifyInstance, options) => {
    const providers = new Map(options.providers.map((provider) => [provider.id, provider]))
    app.decorate('db', options.db)
    app.decorate('config', options.config)
    app.decorate('providers', providers)
    app.decorate('sessions', new ConnectionSessions(options.db, options.config.masterKey, providers))
  },
  { name: 'rampart-core' },
)
