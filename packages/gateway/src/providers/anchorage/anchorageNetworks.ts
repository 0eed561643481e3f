import { assetCatalogue } from '../../core/catalogue/assetCatalogue'
import { networkCatalogue } from '../../core/catalogue/networkCatalogue'
import type { NetworkId } from '../types'

/**
 * Anchorage's network ids and the catalogue's, both ways, from the catalogue's listing of Anchorage (`ETH` is
 * `ETHEREUM`, `ETHHOL` is `ETHEREUM_HOLESKY`, `BTC` is `BITCOIN`...). A network Anchorage names that the catalogue
 * does not list has no gateway id: its wallets are not synced.
 */
const byAnchorageId = new Map<string, NetworkId>()
const byNetworkId = new Map<NetworkId, string>()
for (const network of networkCatalogue) {
  for (const external of network.external) {
    if (external.provider !== 'anchorage') continue
    byAnchorageId.set(external.externalId, network.networkId)
    byNetworkId.set(network.networkId, external.externalId)
  }
}

export const networkIdOfAnchorage = (anchorageNetworkId: string): NetworkId | null =>
  byAnchorageId.get(anchorageNetworkId) ?? null

export const anchorageNetworkOf = (networkId: NetworkId): string | null => byNetworkId.get(networkId) ?? null

export const isEvmNetwork = (networkId: NetworkId): boolean =>
  networkCatalogue.some((network) => network.networkId === networkId && network.evmChainId !== null)

export const evmChainIdOf = (networkId: NetworkId): number | null =>
  networkCatalogue.find((network) => network.networkId === networkId)?.evmChainId ?? null

/**
 * The Anchorage asset type and decimals of a transfer's asset: a network's coin is the asset Anchorage names
 * like the network (`ETH`), from the catalogue; a token needs Anchorage's listing of its contract, which the
 * catalogue does not have yet, so none is known.
 */
export function anchorageAssetOf(
  networkId: NetworkId,
  asset: { kind: 'native' } | { kind: 'erc20'; contractAddress: string },
): { assetType: string; decimals: number } | null {
  if (asset.kind !== 'native') return null
  const coin = assetCatalogue.find((entry) => entry.networkId === networkId && entry.onchainId === null)
  const listing = coin?.external.find((external) => external.provider === 'anchorage')
  return coin && listing ? { assetType: listing.externalId, decimals: coin.decimals } : null
}
