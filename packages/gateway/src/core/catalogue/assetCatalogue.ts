import type { ExternalAssetRow } from '../database/schema'
import { networkCatalogue } from './networkCatalogue'

/** An asset of the catalogue; `assetId` is its CAIP-19 id, `onchainId` the token contract (null for a coin). */
export type CatalogueAsset = {
  assetId: string
  networkId: string
  name: string
  symbol: string
  decimals: number
  onchainId: string | null
  external: ExternalAssetRow[]
}

const nativeCoins: Record<string, { name: string; symbol: string; decimals: number }> = {
  ETHEREUM: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  ETHEREUM_SEPOLIA: { name: 'Sepolia Ether', symbol: 'ETH', decimals: 18 },
  ETHEREUM_HOLESKY: { name: 'Holesky Ether', symbol: 'ETH', decimals: 18 },
  POLYGON: { name: 'POL', symbol: 'POL', decimals: 18 },
  POLYGON_AMOY: { name: 'Amoy POL', symbol: 'POL', decimals: 18 },
  ARBITRUM: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  ARBITRUM_SEPOLIA: { name: 'Sepolia Ether', symbol: 'ETH', decimals: 18 },
  OPTIMISM: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  OPTIMISM_SEPOLIA: { name: 'Sepolia Ether', symbol: 'ETH', decimals: 18 },
  BASE: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  BASE_SEPOLIA: { name: 'Sepolia Ether', symbol: 'ETH', decimals: 18 },
  BSC: { name: 'BNB', symbol: 'BNB', decimals: 18 },
  AVALANCHE: { name: 'Avalanche', symbol: 'AVAX', decimals: 18 },
  GNOSIS: { name: 'xDAI', symbol: 'XDAI', decimals: 18 },
  LINEA: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  SCROLL: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  ZKSYNC: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  CELO: { name: 'Celo', symbol: 'CELO', decimals: 18 },
  FANTOM: { name: 'Fantom', symbol: 'FTM', decimals: 18 },
  MOONBEAM: { name: 'Glimmer', symbol: 'GLMR', decimals: 18 },
  MANTLE: { name: 'Mantle', symbol: 'MNT', decimals: 18 },
  BLAST: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  POLYGON_ZKEVM: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  ZORA: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  CRONOS: { name: 'Cronos', symbol: 'CRO', decimals: 18 },
  BITCOIN: { name: 'Bitcoin', symbol: 'BTC', decimals: 8 },
  BITCOIN_TESTNET: { name: 'Testnet Bitcoin', symbol: 'BTC', decimals: 8 },
  LITECOIN: { name: 'Litecoin', symbol: 'LTC', decimals: 8 },
  DOGECOIN: { name: 'Dogecoin', symbol: 'DOGE', decimals: 8 },
  BITCOIN_CASH: { name: 'Bitcoin Cash', symbol: 'BCH', decimals: 8 },
  SOLANA: { name: 'Solana', symbol: 'SOL', decimals: 9 },
  SOLANA_DEVNET: { name: 'Devnet Solana', symbol: 'SOL', decimals: 9 },
  COSMOS: { name: 'Cosmos', symbol: 'ATOM', decimals: 6 },
  XRP_LEDGER: { name: 'XRP', symbol: 'XRP', decimals: 6 },
  STELLAR: { name: 'Stellar Lumens', symbol: 'XLM', decimals: 7 },
  TRON: { name: 'Tronix', symbol: 'TRX', decimals: 6 },
  ALGORAND: { name: 'Algorand', symbol: 'ALGO', decimals: 6 },
  POLKADOT: { name: 'Polkadot', symbol: 'DOT', decimals: 10 },
  KUSAMA: { name: 'Kusama', symbol: 'KSM', decimals: 12 },
  NEAR: { name: 'NEAR', symbol: 'NEAR', decimals: 24 },
  TEZOS: { name: 'Tez', symbol: 'XTZ', decimals: 6 },
  CARDANO: { name: 'Ada', symbol: 'ADA', decimals: 6 },
  SUI: { name: 'Sui', symbol: 'SUI', decimals: 9 },
  APTOS: { name: 'Aptos Coin', symbol: 'APT', decimals: 8 },
  TON: { name: 'Toncoin', symbol: 'TON', decimals: 9 },
  HEDERA: { name: 'HBAR', symbol: 'HBAR', decimals: 8 },
  FILECOIN: { name: 'Filecoin', symbol: 'FIL', decimals: 18 },
}

/** Native coins: the CAIP-19 `slip44` namespace; each provider names them like the network itself. */
const coins: CatalogueAsset[] = networkCatalogue.map((network) => {
  const coin = nativeCoins[network.networkId]
  if (!coin) throw new Error(`No native coin for ${network.networkId}`)
  return {
    assetId: `${network.caip2}/slip44:${network.coinType}`,
    networkId: network.networkId,
    ...coin,
    onchainId: null,
    external: network.external.map(({ provider, externalId }) => ({
      provider,
      externalId: provider === 'local' ? `${network.caip2}/slip44:${network.coinType}` : externalId,
    })),
  }
})

/** A token's network, symbol, name, decimals and contract, then its Fireblocks and BitGo ids where they list it. */
type TokenSpec = [
  networkId: string,
  symbol: string,
  name: string,
  decimals: number,
  address: string,
  fireblocksId?: string,
  bitgoId?: string,
]

const tokenSpecs: TokenSpec[] = [
  ['ETHEREUM', 'USDC', 'USD Coin', 6, '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', 'USDC', 'usdc'],
  ['ETHEREUM', 'USDT', 'Tether USD', 6, '0xdAC17F958D2ee523a2206206994597C13D831ec7', 'USDT_ERC20', 'usdt'],
  ['ETHEREUM', 'DAI', 'Dai Stablecoin', 18, '0x6B175474E89094C44Da98b954EedeAC495271d0F', 'DAI', 'dai'],
  ['ETHEREUM', 'WETH', 'Wrapped Ether', 18, '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2', 'WETH', 'weth'],
  ['ETHEREUM', 'WBTC', 'Wrapped BTC', 8, '0x2260FAC5E5542a773Aa44fBCfeDf7C193bc2C599', 'WBTC', 'wbtc'],
  ['ETHEREUM', 'LINK', 'ChainLink Token', 18, '0x514910771AF9Ca656af840dff83E8264EcF986CA', 'LINK', 'link'],
  ['ETHEREUM', 'UNI', 'Uniswap', 18, '0x1f9840a85d5aF5bf1D1762F925BDADdC4201F984', 'UNI', 'uni'],
  ['ETHEREUM', 'AAVE', 'Aave Token', 18, '0x7Fc66500c84A76Ad7e9c93437bFc5Ac33E2DDaE9'],
  ['ETHEREUM', 'stETH', 'Liquid staked Ether 2.0', 18, '0xae7ab96520DE3A18E5e111B5EaAb095312D7fE84'],
  ['ETHEREUM_SEPOLIA', 'USDC', 'USD Coin', 6, '0x1c7D4B196Cb0C7B01d743Fbc6116a902379C7238'],
  ['POLYGON', 'USDC', 'USD Coin', 6, '0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359'],
  ['POLYGON', 'USDT', 'Tether USD', 6, '0xc2132D05D31c914a87C6611C10748AEb04B58e8F'],
  ['POLYGON', 'WETH', 'Wrapped Ether', 18, '0x7ceB23fD6bC0adD59E62ac25578270cFf1b9f619'],
  ['ARBITRUM', 'USDC', 'USD Coin', 6, '0xaf88d065e77c8cC2239327C5EDb3A432268e5831'],
  ['ARBITRUM', 'USDT', 'Tether USD', 6, '0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9'],
  ['OPTIMISM', 'USDC', 'USD Coin', 6, '0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85'],
  ['BASE', 'USDC', 'USD Coin', 6, '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913'],
  ['BSC', 'USDT', 'Tether USD', 18, '0x55d398326f99059fF775485246999027B3197955'],
  ['BSC', 'USDC', 'USD Coin', 18, '0x8AC76a51cc950d9822D68b83fE1Ad97B32Cd580d'],
  ['AVALANCHE', 'USDC', 'USD Coin', 6, '0xB97EF9Ef8734C71904D8002F8b6Bc66Dd9c48a6E'],
]

const listedBy = (provider: string, externalId: string | undefined): ExternalAssetRow[] =>
  externalId ? [{ provider, externalId }] : []

/** ERC-20 tokens: CAIP-19 `erc20` ids with the lowercase contract; the local provider uses the same id. */
const tokens: CatalogueAsset[] = tokenSpecs.map(
  ([networkId, symbol, name, decimals, address, fireblocksId, bitgoId]) => {
    const network = networkCatalogue.find((candidate) => candidate.networkId === networkId)
    if (!network) throw new Error(`Unknown network ${networkId}`)
    const assetId = `${network.caip2}/erc20:${address.toLowerCase()}`
    const local = network.external.some((e) => e.provider === 'local') ? assetId : undefined
    return {
      assetId,
      networkId,
      name,
      symbol,
      decimals,
      onchainId: address,
      external: [
        ...listedBy('local', local),
        ...listedBy('fireblocks', fireblocksId),
        ...listedBy('bitgo', bitgoId),
      ],
    }
  },
)

export const assetCatalogue: readonly CatalogueAsset[] = [...coins, ...tokens]
