import { randomBytes, randomUUID } from 'node:crypto'
import { mnemonicToSeed } from '@scure/bip39'
import { ProviderError } from '../../core/errors/providerErrors'
import { createKeyedLock, type KeyedLock } from '../../core/lock/keyedLock'
import type {
  ConnectContext,
  CustodyProvider,
  NetworkId,
  ProviderEnvironment,
  ProviderKnownDestination,
} from '../types'
import { type LocalCredentials, validateLocalCredentials } from './credentials'
import { decryptSeed, encryptSeed, type ScryptParams } from './encryptedSeed'
import { createKeyring, fingerprintOf } from './keyring'
import { type LocalNetworkSettings, LocalSession } from './localSession'
import { createMemoryVaultStore } from './memoryVaultStore'
import { defaultLocalNetworkIds, type LocalNetwork, localNetworks } from './networks'
import { createNetworkRpc, type NetworkRpc } from './rpc'
import type { LocalVault, LocalVaultStoreFactory } from './vault'

export interface LocalProviderOptions {
  /** Where each connection's vault is kept. Default: in process memory (lost on restart). */
  vaultStore?: LocalVaultStoreFactory
  /**
   * Keeps the changes to one connection's vault one at a time across every process sharing `vaultStore` (with a
   * database store: `OpenDatabase.lockVaults`, PostgreSQL's advisory locks). Without it, they are kept one at a
   * time in this process only: enough for one gateway, not for several sharing the store.
   */
  vaultLock?: KeyedLock
  /** Per-network settings: `rpcUrl` to fill and broadcast transactions, offline fees, default staking validator. */
  networks?: Partial<Record<NetworkId, LocalNetworkSettings>>
  /** Networks every new wallet gets an account on. Default: `defaultLocalNetworkIds`. */
  walletNetworkIds?: NetworkId[]
  /** scrypt cost for new vaults. Default: N = 2^17, r = 8, p = 1. */
  scrypt?: ScryptParams
  /** Destinations (whitelisted addresses) the provider reports besides the connection's own addresses. */
  knownDestinations?: ProviderKnownDestination[]
  /** Timeout of one JSON-RPC call, in ms. Default 10 000. */
  rpcTimeoutMs?: number
  /**
   * The environment its connections count as for grants (see CustodyProvider.environment). Default `production`:
   * the keys are real and sign for real networks.
   */
  environment?: ProviderEnvironment
  /** Clock, for tests. */
  now?: () => Date
}

export interface LocalProvider extends CustodyProvider<LocalCredentials> {
  connect(credentials: LocalCredentials, context: ConnectContext): Promise<LocalSession>
}

/**
 * The built-in custody provider (`local`): it holds HD wallet seeds itself, encrypted at rest under the
 * connection's passphrase, and signs EVM transactions, messages, typed data and raw digests with them.
 */
export function createLocalProvider(options: LocalProviderOptions = {}): LocalProvider {
  const storeFor = options.vaultStore ?? createMemoryVaultStore()
  const inProcess = createKeyedLock()
  const acrossProcesses = options.vaultLock
  // The lock of this process first: one change per connection waits on the shared lock at a time, in call order.
  const lock: KeyedLock = acrossProcesses
    ? (key, task) => inProcess(key, () => acrossProcesses(key, task))
    : inProcess
  const networkSettings = { ...options.networks } as Record<NetworkId, LocalNetworkSettings>
  const walletNetworkIds = options.walletNetworkIds ?? [...defaultLocalNetworkIds]
  for (const [index, id] of walletNetworkIds.entries()) {
    if (!Object.hasOwn(localNetworks, id)) {
      throw new ProviderError('UNSUPPORTED', `The local provider does not know network ${id}`, {
        path: `/walletNetworkIds/${index}`,
      })
    }
  }
  for (const [id, settings] of Object.entries(networkSettings)) {
    if (!Object.hasOwn(localNetworks, id)) {
      throw new ProviderError('UNSUPPORTED', `The local provider does not know network ${id}`, {
        path: `/networks/${id}`,
      })
    }
    if (settings.rpcUrl !== undefined && !/^https?:\/\//.test(settings.rpcUrl)) {
      throw new ProviderError('INVALID_REQUEST', 'rpcUrl must be an http(s) URL', {
        path: `/networks/${id}/rpcUrl`,
      })
    }
  }
  const rpcs = new Map<NetworkId, NetworkRpc>()
  const rpcFor = (network: LocalNetwork & { chainId: number }): NetworkRpc | undefined => {
    const rpcUrl = networkSettings[network.id]?.rpcUrl
    if (rpcUrl === undefined) return undefined
    let rpc = rpcs.get(network.id)
    if (!rpc) {
      rpc = createNetworkRpc(network.id, network.chainId, rpcUrl, options.rpcTimeoutMs ?? 10_000)
      rpcs.set(network.id, rpc)
    }
    return rpc
  }
  const now = options.now ?? (() => new Date())

  return {
    id: 'local',
    name: 'Local HD wallet provider',
    environment: options.environment ?? 'production',
    validateCredentials: validateLocalCredentials,
    async connect(credentials, context) {
      const { passphrase, mnemonic } = validateLocalCredentials(credentials)
      if (typeof context?.connectionId !== 'string' || context.connectionId.length === 0) {
        throw new ProviderError('INVALID_REQUEST', 'A connectionId is required', { path: '/connectionId' })
      }
      const store = storeFor(context.connectionId)
      const seed = await lock(context.connectionId, async () => {
        const existing = await store.load()
        if (existing) {
          const stored = await decryptSeed(existing.seed, passphrase)
          if (mnemonic !== undefined && !equalBytes(stored, await mnemonicToSeed(mnemonic))) {
            throw new ProviderError(
              'INVALID_CREDENTIALS',
              "The mnemonic does not match this connection's wallet seed",
              {
                path: '/mnemonic',
              },
            )
          }
          return stored
        }
        const fresh =
          mnemonic === undefined ? new Uint8Array(randomBytes(32)) : await mnemonicToSeed(mnemonic)
        const fingerprint = fingerprintOf(fresh)
        const vault: LocalVault = {
          version: 1,
          seed: await encryptSeed(fresh, passphrase, fingerprint, options.scrypt),
          wallets: [
            {
              index: 0,
              label: 'Default',
              addressCount: 1,
              networkIds: [...walletNetworkIds],
              createdAt: now().toISOString(),
            },
          ],
          nonces: {},
          stakes: [],
          unstakes: [],
          positions: [],
        }
        await store.save(vault)
        return fresh
      })
      return new LocalSession({
        connectionId: context.connectionId,
        store,
        keyring: createKeyring(seed),
        lock,
        networks: localNetworks,
        networkSettings,
        walletNetworkIds,
        knownDestinations: options.knownDestinations ?? [],
        rpcFor,
        now,
        newId: (prefix) => `${prefix}_${randomUUID()}`,
      })
    },
  }
}

function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, index) => byte === b[index])
}
