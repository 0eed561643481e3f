import type { FastifyInstance } from 'fastify'
import { seedCatalogue } from '../core/catalogue/seedCatalogue'
import type { GatewayConfig } from '../core/config/gatewayConfig'
import { type OpenDatabase, openDatabase } from '../core/database/openDatabase'
import type { CustodyProvider } from '../providers/types'
import { type BuildGatewayOptions, buildGateway } from './buildGateway'

export type Gateway = { app: FastifyInstance; database: OpenDatabase }

/** Opens (and migrates) the configured database, seeds the catalogue and builds the gateway. */
export async function createGateway(
  config: GatewayConfig,
  /** The providers, or a function that makes them once the database is open (a store of theirs in it). */
  providers: readonly CustodyProvider[] | ((database: OpenDatabase) => readonly CustodyProvider[]),
  options: Pick<BuildGatewayOptions, 'logger' | 'plugins'> = {},
): Promise<Gateway> {
  const database = await openDatabase(config.database)
  try {
    await seedCatalogue(database.db)
    const app = await buildGateway({
      config,
      db: database.db,
      providers: typeof providers === 'function' ? providers(database) : providers,
      lockAcrossGateways: database.lockAcrossGateways,
      readCache: database.readCache,
      ...options,
      onClose: database.close,
    })
    return { app, database }
  } catch (error) {
    await database.close()
    throw error
  }
}
