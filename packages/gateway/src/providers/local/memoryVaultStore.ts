import type { LocalVault, LocalVaultStoreFactory } from './vault'

/** Keeps vaults in process memory (tests, demos). Documents are copied in and out, never shared. */
export function createMemoryVaultStore(): LocalVaultStoreFactory {
  const vaults = new Map<string, LocalVault>()
  return (connectionId) => ({
    async load() {
      const vault = vaults.get(connectionId)
      return vault === undefined ? undefined : structuredClone(vault)
    },
    async save(vault) {
      vaults.set(connectionId, structuredClone(vault))
    },
    async destroy() {
      vaults.delete(connectionId)
    },
  })
}
