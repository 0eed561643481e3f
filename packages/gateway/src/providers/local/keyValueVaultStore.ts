import { ProviderError } from '../../core/errors/providerErrors'
import { assertVault, type LocalVaultStoreFactory } from './vault'

/** Any string key-value storage (a database table with a key and a text/jsonb column, a secrets manager...). */
export interface VaultKeyValue {
  get(key: string): Promise<string | undefined | null>
  set(key: string, value: string): Promise<void>
  delete(key: string): Promise<void>
}

/**
 * Keeps vaults as JSON text under the key `local-vault:<connectionId>`, so a database-backed store is three
 * small functions. The vault's seed is already encrypted; the storage needs no further protection for it.
 */
export function createKeyValueVaultStore(storage: VaultKeyValue): LocalVaultStoreFactory {
  return (connectionId) => {
    const key = `local-vault:${connectionId}`
    return {
      async load() {
        const text = await storage.get(key)
        if (text === undefined || text === null) return undefined
        try {
          return assertVault(JSON.parse(text))
        } catch (error) {
          if (error instanceof ProviderError) throw error
          throw new ProviderError('STORAGE_CORRUPT', 'The local provider vault is not valid JSON')
        }
      },
      save: (vault) => storage.set(key, JSON.stringify(vault)),
      destroy: () => storage.delete(key),
    }
  }
}
