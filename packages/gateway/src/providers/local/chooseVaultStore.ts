import { existsSync } from 'node:fs'
import type { LocalVaultStoreKind } from '../../core/config/gatewayConfig'
import type { KeyedLock } from '../../core/lock/keyedLock'
import { createDatabaseVaultStore, type VaultDatabase } from './databaseVaultStore'
import { createFileVaultStore } from './fileVaultStore'
import type { LocalProviderOptions } from './localProvider'

export type { LocalVaultStoreKind }

export type ChosenVaultStore = Required<Pick<LocalProviderOptions, 'vaultStore'>> &
  Pick<LocalProviderOptions, 'vaultLock'> & {
    /** For the startup banner. */
    description: string
  }

/**
 * The vault store (and the lock across gateways that goes with it) of the kind chosen at start.
 *
 * - `database`: the `local_vaults` table, with the database's lock across gateways (PostgreSQL's advisory locks;
 *   none on PGlite, which one process opens). A connection the table has never held takes its vault from
 *   `directory` once, so that a gateway that used the file store keeps its seeds and nonces.
 * - `file`: one JSON file per connection in `directory`, locked within this process only: one gateway per
 *   directory.
 */
export function chooseVaultStore(
  kind: LocalVaultStoreKind,
  database: { db: VaultDatabase; lockVaults?: KeyedLock },
  directory: string,
): ChosenVaultStore {
  if (kind === 'file') {
    return {
      vaultStore: createFileVaultStore(directory),
      description: `files in ${directory} (this gateway only)`,
    }
  }
  const importFrom = existsSync(directory) ? createFileVaultStore(directory) : undefined
  return {
    vaultStore: createDatabaseVaultStore(database.db, importFrom ? { importFrom } : {}),
    ...(database.lockVaults ? { vaultLock: database.lockVaults } : {}),
    description: `the database${importFrom ? ` (importing vaults it lacks from ${directory})` : ''}`,
  }
}
