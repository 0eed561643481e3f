// The custody provider adapters: the interface, its errors, the registry and the built-in local provider.
export * from '../core/errors/providerErrors'
export {
  type AnchorageProviderOptions,
  createAnchorageProvider,
} from './anchorage/anchorageProvider'
export {
  type AnchorageCredentials,
  anchorageBaseUrls,
  validateAnchorageCredentials,
} from './anchorage/credentials'
export { createBitgoProvider } from './bitgo/bitgoProvider'
export { type BitgoCredentials, type BitgoEnvironment, validateBitgoCredentials } from './bitgo/credentials'
export {
  createFireblocksProvider,
  type FireblocksCredentials,
  type FireblocksProvider,
  type FireblocksProviderOptions,
  fireblocksStatuses,
  fireblocksSubStatuses,
  validateFireblocksCredentials,
} from './fireblocks'
export { type LocalCredentials, validateLocalCredentials } from './local/credentials'
export {
  createDatabaseVaultStore,
  type DatabaseVaultStoreOptions,
  type VaultDatabase,
} from './local/databaseVaultStore'
export {
  decryptSeed,
  defaultScryptParams,
  type EncryptedSeed,
  encryptSeed,
  type ScryptParams,
} from './local/encryptedSeed'
export { createFileVaultStore } from './local/fileVaultStore'
export { derivationPath } from './local/keyring'
export { createKeyValueVaultStore, type VaultKeyValue } from './local/keyValueVaultStore'
export { createLocalProvider, type LocalProvider, type LocalProviderOptions } from './local/localProvider'
export type { LocalNetworkSettings, LocalSession } from './local/localSession'
export { createMemoryVaultStore } from './local/memoryVaultStore'
export { defaultLocalNetworkIds, type LocalNetwork, localNetworks } from './local/networks'
export { type PositionEvent, positionTransitions, transition } from './local/stakingStateMachine'
export type { LocalVault, LocalVaultStore, LocalVaultStoreFactory } from './local/vault'
export { createProviderRegistry, type ProviderRegistry } from './registry'
export { finalCustodianStatuses, isFinalCustodianStatus, isSubmitted } from './submitted'
export type * from './types'
