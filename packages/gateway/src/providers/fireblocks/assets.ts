import { assetCatalogue } from '../../core/catalogue/assetCatalogue'
import { networkCatalogue } from '../../core/catalogue/networkCatalogue'
import { ProviderError } from '../../core/errors/providerErrors'

/** A Fireblocks asset the adapter knows: its network, its decimals, and its contract for a token. */
export type FireblocksAsset = {
  assetId: string
  networkId: string
  evmChainId: number | null
  decimals: number
  /** Null for the network's native coin. */
  contractAddress: string | null
}

const natives: FireblocksAsset[] = networkCatalogue.flatMap((network) =>
  network.external
    .filter((row) => row.provider === 'fireblocks')
    .map((row) => {
      const coin = assetCatalogue.find(
        (asset) => asset.networkId === network.networkId && asset.onchainId === null,
      )
      return {
        assetId: row.externalId,
        networkId: network.networkId,
        evmChainId: network.evmChainId,
        decimals: coin?.decimals ?? 18,
        contractAddress: null,
      }
    }),
)

const tokens: FireblocksAsset[] = assetCatalogue.flatMap((asset) => {
  const listed = asset.external.find((row) => row.provider === 'fireblocks')
  const network = networkCatalogue.find((candidate) => candidate.networkId === asset.networkId)
  if (!listed || asset.onchainId === null || !network || asset.decimals === null) return []
  return [
    {
      assetId: listed.externalId,
      networkId: asset.networkId,
      evmChainId: network.evmChainId,
      decimals: asset.decimals,
      contractAddress: asset.onchainId,
    },
  ]
})

const byAssetId = new Map([...natives, ...tokens].map((asset) => [asset.assetId, asset]))
const nativeByNetwork = new Map(natives.map((asset) => [asset.networkId, asset]))

/** The asset of a Fireblocks asset id, when the catalogue lists it. */
export const fireblocksAsset = (assetId: string): FireblocksAsset | undefined => byAssetId.get(assetId)

/** Whether the asset id is a network's native coin: an account of the vault on that network. */
export const isNativeAsset = (assetId: string): boolean => byAssetId.get(assetId)?.contractAddress === null

/** The native coin of a network, or UNSUPPORTED. */
export function nativeAssetOf(networkId: string): FireblocksAsset {
  const asset = nativeByNetwork.get(networkId)
  if (!asset) throw new ProviderError('UNSUPPORTED', `Fireblocks has no asset for the network ${networkId}`)
  return asset
}

/** The Fireblocks id of an ERC-20 token on a network, by contract address, or UNSUPPORTED. */
export function tokenAssetOf(networkId: string, contractAddress: string): FireblocksAsset {
  const wanted = contractAddress.toLowerCase()
  const asset = tokens.find(
    (token) => token.networkId === networkId && token.contractAddress?.toLowerCase() === wanted,
  )
  if (!asset) {
    throw new ProviderError(
      'UNSUPPORTED',
      `No Fireblocks asset id is known for the token ${contractAddress}`,
      {
        path: '/asset/contractAddress',
      },
    )
  }
  return asset
}
