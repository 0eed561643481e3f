import { getTableColumns, type SQL, sql } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import type { Database } from '../database/openDatabase'
import { assets, networks } from '../database/schema'
import { assetCatalogue } from './assetCatalogue'
import { networkCatalogue } from './networkCatalogue'

// A fixed creation time: the catalogue is reference data, and stable timestamps keep its order reproducible.
const catalogueCreatedAt = new Date('2025-01-01T00:00:00.000Z')

/** Writes the networks and assets catalogue; rerun at every start so catalogue updates reach the database. */
export async function seedCatalogue(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(networks)
      .values(
        networkCatalogue.map((network) => ({
          networkId: network.networkId,
          name: network.name,
          type: network.type,
          coinType: network.coinType,
          evmChainId: network.evmChainId,
          externalNetworks: network.external,
          createdAt: catalogueCreatedAt,
        })),
      )
      .onConflictDoUpdate({
        target: networks.networkId,
        set: takeIncoming(networks, ['name', 'type', 'coinType', 'evmChainId', 'externalNetworks']),
      })
    await tx
      .insert(assets)
      .values(
        assetCatalogue.map((asset) => ({
          assetId: asset.assetId,
          networkId: asset.networkId,
          name: asset.name,
          symbol: asset.symbol,
          decimals: asset.decimals,
          onchainId: asset.onchainId,
          externalAssets: asset.external,
          createdAt: catalogueCreatedAt,
        })),
      )
      .onConflictDoUpdate({
        target: assets.assetId,
        set: takeIncoming(assets, ['name', 'symbol', 'decimals', 'onchainId', 'externalAssets']),
      })
  })
}

/** The upsert's `set`: each named column takes the catalogue's value; `createdAt` keeps the stored one. */
function takeIncoming<T extends PgTable>(
  table: T,
  keys: (keyof T['$inferInsert'] & string)[],
): Record<string, SQL> {
  const columns = getTableColumns(table)
  return Object.fromEntries(keys.map((key) => [key, sql`excluded.${sql.identifier(columns[key]!.name)}`]))
}
