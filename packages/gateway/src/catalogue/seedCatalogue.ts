import { sql } from 'drizzle-orm'
import type { Database } from '../db/openDatabase'
import { assets, networks } from '../db/schema'
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
        set: {
          name: sql`excluded.name`,
          type: sql`excluded.type`,
          coinType: sql`excluded.coin_type`,
          evmChainId: sql`excluded.evm_chain_id`,
          externalNetworks: sql`excluded.external_networks`,
        },
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
        set: {
          name: sql`excluded.name`,
          symbol: sql`excluded.symbol`,
          decimals: sql`excluded.decimals`,
          onchainId: sql`excluded.onchain_id`,
          externalAssets: sql`excluded.external_assets`,
        },
      })
  })
}
