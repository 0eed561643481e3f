import { getAddress } from 'viem'
import { ProviderError } from '../../core/errors/providerErrors'
import type {
  BuildTransferInput,
  CreateOptions,
  FollowedRequest,
  FollowRequestInput,
  PreparedTransaction,
  ProviderAccount,
  ProviderCapabilities,
  ProviderKnownDestination,
  ProviderSession,
  ProviderWallet,
  SubmittedRequest,
} from '../types'
import type { AnchorageClient } from './anchorageClient'
import type { AnchorageVaultAddress, AnchorageWallet } from './anchorageModels'
import { isEvmNetwork, networkIdOfAnchorage } from './anchorageNetworks'
import { AnchorageTransfers } from './anchorageTransfers'

export const anchorageCapabilities: ProviderCapabilities = {
  createWallet: false,
  deriveAddress: false,
  signTransaction: false,
  signMessage: false,
  signTypedData: false,
  rawSigningAlgorithms: [],
  transfers: true,
  staking: false,
  broadcast: true,
}

/** Why each thing Anchorage's API v2 does not do through this adapter is refused. */
const notThroughAnchorage = {
  signing:
    'Anchorage builds, signs and sends transactions itself: its API v2 signs no transactions, messages, typed data or raw payloads given to it',
  staking: 'Staking through Anchorage is not supported by this adapter',
}

export function unsupported(what: keyof typeof notThroughAnchorage): Promise<never> {
  return Promise.reject(
    new ProviderError('UNSUPPORTED', notThroughAnchorage[what], { provider: 'anchorage' }),
  )
}

/** An address as the gateway keeps it: EIP-55 on EVM networks, as Anchorage wrote it elsewhere. */
export function normalizedAddress(networkId: string, address: string): string {
  if (!isEvmNetwork(networkId)) return address
  try {
    return getAddress(address)
  } catch {
    throw new ProviderError('PROVIDER_UNAVAILABLE', 'Anchorage answered an EVM address that is not one', {
      provider: 'anchorage',
    })
  }
}

/** An account's addresses: its wallet's current deposit address first, then the others Anchorage lists for it. */
function accountOf(
  wallet: AnchorageWallet,
  networkId: string,
  more: AnchorageVaultAddress[],
): ProviderAccount {
  const deposits = [...(wallet.depositAddress ? [wallet.depositAddress] : []), ...more]
  const seen = new Set<string>()
  return {
    externalId: wallet.walletId,
    walletExternalId: wallet.vaultId,
    networkId,
    label: wallet.walletName,
    addresses: deposits.flatMap((deposit) => {
      if (seen.has(deposit.addressId)) return []
      seen.add(deposit.addressId)
      return [
        {
          externalId: deposit.addressId,
          accountExternalId: wallet.walletId,
          address: normalizedAddress(networkId, deposit.address),
        },
      ]
    }),
  }
}

/**
 * A connection to one Anchorage organization's API key. Anchorage's vaults are the gateway's wallets, its wallets
 * (one per vault and network) the accounts, their deposit addresses the addresses, and its trusted destinations the
 * provider's known destinations.
 */
export class AnchorageSession implements ProviderSession {
  readonly providerId = 'anchorage'
  readonly capabilities = anchorageCapabilities

  private readonly transfers: AnchorageTransfers

  constructor(private readonly client: AnchorageClient) {
    this.transfers = new AnchorageTransfers(client)
  }

  /**
   * Every vault with its wallets on networks the catalogue knows; archived wallets, and wallets on networks it
   * does not list, are left out (the gateway could not name their network).
   */
  async listWallets(): Promise<ProviderWallet[]> {
    const [vaults, wallets] = await Promise.all([this.client.listVaults(), this.client.listWallets()])
    const synced = wallets.flatMap((wallet) => {
      const networkId = networkIdOfAnchorage(wallet.networkId)
      return !wallet.isArchived && networkId !== null ? [{ wallet, networkId }] : []
    })
    // EVM wallets have one address; wallets on other networks (UTXO ones rotate addresses) may have more, listed
    // per vault and asset type, the coin's asset type being the network's Anchorage id.
    const more = new Map<string, AnchorageVaultAddress[]>()
    const lists = new Map<string, { vaultId: string; assetType: string }>()
    for (const { wallet, networkId } of synced) {
      if (isEvmNetwork(networkId)) continue
      const list = { vaultId: wallet.vaultId, assetType: wallet.networkId }
      lists.set(JSON.stringify(list), list)
    }
    for (const { vaultId, assetType } of lists.values()) {
      for (const address of await this.client.listVaultAddresses(vaultId, assetType)) {
        more.set(address.walletId, [...(more.get(address.walletId) ?? []), address])
      }
    }
    return vaults.map((vault) => ({
      externalId: vault.vaultId,
      label: vault.name,
      accounts: synced
        .filter(({ wallet }) => wallet.vaultId === vault.vaultId)
        .map(({ wallet, networkId }) => accountOf(wallet, networkId, more.get(wallet.walletId) ?? [])),
    }))
  }

  /** Trusted destinations (allowlisted crypto addresses) on networks the catalogue knows. */
  async listKnownDestinations(): Promise<ProviderKnownDestination[]> {
    const destinations = await this.client.listTrustedDestinations()
    return destinations.flatMap((destination) => {
      const networkId = destination.crypto && networkIdOfAnchorage(destination.crypto.networkId)
      if (!destination.crypto || !networkId) return []
      return [
        {
          externalId: destination.id,
          label: null,
          externalClassification: 'trusted',
          address: normalizedAddress(networkId, destination.crypto.address),
          networkId,
          externalAssetId: destination.crypto.assetType,
        },
      ]
    })
  }

  prepareTransaction = () => unsupported('signing')
  signTransaction = () => unsupported('signing')
  signMessage = () => unsupported('signing')
  signTypedData = () => unsupported('signing')
  signRaw = () => unsupported('signing')
  prepareStake = () => unsupported('staking')
  stake = () => unsupported('staking')
  getStake = () => unsupported('staking')
  prepareUnstake = () => unsupported('staking')
  unstake = () => unsupported('staking')
  getUnstake = () => unsupported('staking')
  listPositions = () => unsupported('staking')
  prepareTransfer(input: BuildTransferInput): Promise<PreparedTransaction> {
    return this.transfers.prepare(input)
  }

  buildTransfer(input: BuildTransferInput, options?: CreateOptions): Promise<SubmittedRequest> {
    return this.transfers.build(input, options)
  }

  followRequest(input: FollowRequestInput): Promise<FollowedRequest | null> {
    return this.transfers.follow(input)
  }

  /** The API key stays Anchorage's to revoke (in its dashboard); the adapter holds nothing for the connection. */
  async revoke(): Promise<void> {}
}
