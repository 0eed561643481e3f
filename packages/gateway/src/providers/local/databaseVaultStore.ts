import { and, eq, isNull, sql } from 'drizzle-orm'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { ProviderError } from '../../core/errors/providerErrors'
import { assertVault, type LocalVault, type LocalVaultStoreFactory } from './vault'
import { localVaults } from './vaultTable'

/** Any drizzle PostgreSQL database (node-postgres or PGlite) whose migrations created `local_vaults`. */
// biome-ignore lint/suspicious/noExplicitAny: the store needs only the table it names, whatever the schema bag.
export type VaultDatabase = PgDatabase<PgQueryResultHKT, any>

export interface DatabaseVaultStoreOptions {
  /**
   * Where vaults were kept before (a file vault directory): a connection the table has never held a row for takes
   * its vault from there, once, so that switching a gateway to the database keeps its seeds and nonces.
   */
  importFrom?: LocalVaultStoreFactory
}

/**
 * Keeps each connection's vault in the `local_vaults` table, so that gateways sharing the database share it.
 *
 * Every write names the revision it read and changes nothing if the row moved on since (then it throws CONFLICT):
 * two gateways can never both save a change made from the same vault, even if the lock that keeps them apart
 * (see `LocalProviderOptions.vaultLock`) failed. A change that loses is refused before its signature leaves the
 * gateway, never signed twice on one nonce.
 */
export function createDatabaseVaultStore(
  db: VaultDatabase,
  options: DatabaseVaultStoreOptions = {},
): LocalVaultStoreFactory {
  // The revision each loaded document was read at, kept beside it rather than in it: the document stays as stored.
  const revisions = new WeakMap<LocalVault, number>()
  const byConnection = eq(localVaults.connectionId, sql.placeholder('connectionId'))
  const read = db
    .select({ vault: localVaults.vault, revision: localVaults.revision })
    .from(localVaults)
    .where(byConnection)
    .prepare('local_vault_read')

  return (connectionId) => {
    const ofConnection = eq(localVaults.connectionId, connectionId)

    /** A row's document, checked, with the revision it was read at. */
    const opened = (row: { vault: unknown; revision: number }): LocalVault => {
      const vault = assertVault(row.vault)
      revisions.set(vault, row.revision)
      return vault
    }

    /** The vault of the older store, written as the first revision unless another gateway wrote one first. */
    const importOnce = async (): Promise<LocalVault | undefined> => {
      const earlier = await options.importFrom?.(connectionId).load()
      if (!earlier) return undefined
      const [row] = await db
        .insert(localVaults)
        .values({ connectionId, vault: earlier, revision: 1, updatedAt: new Date() })
        .onConflictDoNothing()
        .returning({ revision: localVaults.revision })
      if (!row) return load()
      revisions.set(earlier, row.revision)
      return earlier
    }

    const load = async (): Promise<LocalVault | undefined> => {
      const [row] = await read.execute({ connectionId })
      if (!row) return options.importFrom ? importOnce() : undefined
      // A revoked connection's row stays, emptied: nothing is imported in its place.
      if (row.vault === null) return undefined
      return opened(row)
    }

    return {
      load,
      async save(vault) {
        const readAt = revisions.get(vault)
        const updatedAt = new Date()
        const saved =
          readAt === undefined
            ? // A new vault (a new connection): taken only where there is none, or a revoked one.
              await db
                .insert(localVaults)
                .values({ connectionId, vault, revision: 1, updatedAt })
                .onConflictDoUpdate({
                  target: localVaults.connectionId,
                  set: { vault, revision: sql`${localVaults.revision} + 1`, updatedAt },
                  setWhere: isNull(localVaults.vault),
                })
                .returning({ revision: localVaults.revision })
            : await db
                .update(localVaults)
                .set({ vault, revision: readAt + 1, updatedAt })
                .where(and(ofConnection, eq(localVaults.revision, readAt)))
                .returning({ revision: localVaults.revision })
        const [row] = saved
        if (!row) {
          throw new ProviderError(
            'CONFLICT',
            'The local provider vault was changed by another gateway meanwhile: nothing was saved or sent',
          )
        }
        revisions.set(vault, row.revision)
      },
      async destroy() {
        // Emptied, not deleted: the seed is gone, and a vault directory imported from cannot bring it back.
        await db
          .insert(localVaults)
          .values({ connectionId, vault: null, revision: 1, updatedAt: new Date() })
          .onConflictDoUpdate({
            target: localVaults.connectionId,
            set: { vault: null, revision: sql`${localVaults.revision} + 1`, updatedAt: new Date() },
          })
      },
    }
  }
}
