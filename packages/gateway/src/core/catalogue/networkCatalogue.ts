import type { ExternalNetworkRow } from '../database/schema'

/**
 * A network of the catalogue. `coinType` is the SLIP-44 coin type (1 for every testnet, as SLIP-44 says),
 * `evmChainId` the EIP-155 chain id (null for non-EVM networks), `caip2` the chain's CAIP-2 id (the prefix of
 * its assets' CAIP-19 ids). `type` is what the networks list filters on.
 */
export type CatalogueNetwork = {
  networkId: string
  name: string
  type: NetworkType
  coinType: number | null
  evmChainId: number | null
  caip2: string
  /** How each provider names the network: [provider, externalId, flags]. */
  external: ExternalNetworkRow[]
}

export const networkTypes = [
  'evm',
  'bitcoin',
  'solana',
  'cosmos',
  'substrate',
  'xrpl',
  'stellar',
  'tron',
  'algorand',
  'near',
  'tezos',
  'cardano',
  'move',
  'ton',
  'hedera',
  'filecoin',
] as const
export type NetworkType = (typeof networkTypes)[number]

type Flags = Partial<Omit<ExternalNetworkRow, 'externalId' | 'provider' | 'supportsEvm'>>

/** A provider's listing of a network; `externalId` null means the network's catalogue id. */
type Listing = { provider: string; externalId: string | null; flags: Flags }

const on = (provider: string, externalId: string, flags: Flags = {}): Listing => ({
  provider,
  externalId,
  flags,
})
// The local provider names networks by their catalogue id.
const local = (flags: Flags = {}): Listing => ({ provider: 'local', externalId: null, flags })
const stake: Flags = { supportsStake: true }
const customStake: Flags = { supportsStake: true, customStakingValidator: true }

// Every provider that lists an EVM network signs EVM transactions on it, and none signs them elsewhere.
function externalRows(networkId: string, type: NetworkType, listings: Listing[]): ExternalNetworkRow[] {
  return listings.map(({ provider, externalId, flags }) => ({
    externalId: externalId ?? networkId,
    provider,
    supportsEvm: type === 'evm',
    supportsTransfer: flags.supportsTransfer ?? true,
    supportsStake: flags.supportsStake ?? false,
    customStakingValidator: flags.customStakingValidator ?? false,
  }))
}

function evmNetwork(
  networkId: string,
  name: string,
  evmChainId: number,
  coinType: number,
  listings: Listing[],
): CatalogueNetwork {
  const external = externalRows(networkId, 'evm', listings)
  return { networkId, name, type: 'evm', coinType, evmChainId, caip2: `eip155:${evmChainId}`, external }
}

function otherNetwork(
  networkId: string,
  name: string,
  type: NetworkType,
  coinType: number,
  caip2: string,
  listings: Listing[],
): CatalogueNetwork {
  const external = externalRows(networkId, type, listings)
  return { networkId, name, type, coinType, evmChainId: null, caip2, external }
}

export const networkCatalogue: readonly CatalogueNetwork[] = [
  evmNetwork('ETHEREUM', 'Ethereum', 1, 60, [
    local(customStake),
    on('fireblocks', 'ETH', stake),
    on('anchorage', 'ETH', stake),
    on('bitgo', 'eth', stake),
  ]),
  evmNetwork('ETHEREUM_SEPOLIA', 'Ethereum Sepolia', 11155111, 1, [
    local(customStake),
    on('fireblocks', 'ETH_TEST5'),
  ]),
  evmNetwork('ETHEREUM_HOLESKY', 'Ethereum Holesky', 17000, 1, [
    local(customStake),
    on('fireblocks', 'ETH_TEST6', stake),
    on('anchorage', 'ETHHOL', stake),
    on('bitgo', 'hteth', stake),
  ]),
  evmNetwork('POLYGON', 'Polygon PoS', 137, 966, [
    local(),
    on('fireblocks', 'MATIC_POLYGON'),
    on('bitgo', 'polygon'),
  ]),
  evmNetwork('POLYGON_AMOY', 'Polygon Amoy', 80002, 1, [local(), on('fireblocks', 'AMOY_POLYGON_TEST')]),
  evmNetwork('ARBITRUM', 'Arbitrum One', 42161, 60, [
    local(),
    on('fireblocks', 'ETH-AETH'),
    on('bitgo', 'arbeth'),
  ]),
  evmNetwork('ARBITRUM_SEPOLIA', 'Arbitrum Sepolia', 421614, 1, [local()]),
  evmNetwork('OPTIMISM', 'OP Mainnet', 10, 60, [local(), on('fireblocks', 'ETH-OPT'), on('bitgo', 'opeth')]),
  evmNetwork('OPTIMISM_SEPOLIA', 'OP Sepolia', 11155420, 1, [local()]),
  evmNetwork('BASE', 'Base', 8453, 60, [local(), on('fireblocks', 'BASECHAIN_ETH'), on('bitgo', 'baseeth')]),
  evmNetwork('BASE_SEPOLIA', 'Base Sepolia', 84532, 1, [local(), on('fireblocks', 'BASECHAIN_ETH_TEST5')]),
  evmNetwork('BSC', 'BNB Smart Chain', 56, 60, [local(), on('fireblocks', 'BNB_BSC'), on('bitgo', 'bsc')]),
  evmNetwork('AVALANCHE', 'Avalanche C-Chain', 43114, 60, [
    local(),
    on('fireblocks', 'AVAX'),
    on('bitgo', 'avaxc'),
  ]),
  evmNetwork('GNOSIS', 'Gnosis Chain', 100, 700, [local(), on('fireblocks', 'XDAI')]),
  evmNetwork('LINEA', 'Linea', 59144, 60, [local()]),
  evmNetwork('SCROLL', 'Scroll', 534352, 60, [local()]),
  evmNetwork('ZKSYNC', 'ZKsync Era', 324, 60, [local()]),
  evmNetwork('CELO', 'Celo', 42220, 52752, [on('fireblocks', 'CELO'), on('bitgo', 'celo')]),
  evmNetwork('FANTOM', 'Fantom Opera', 250, 1007, [on('fireblocks', 'FTM_FANTOM')]),
  evmNetwork('MOONBEAM', 'Moonbeam', 1284, 1284, [on('fireblocks', 'GLMR_GLMR')]),
  evmNetwork('MANTLE', 'Mantle', 5000, 60, []),
  evmNetwork('BLAST', 'Blast', 81457, 60, []),
  evmNetwork('POLYGON_ZKEVM', 'Polygon zkEVM', 1101, 60, []),
  evmNetwork('ZORA', 'Zora', 7777777, 60, []),
  evmNetwork('CRONOS', 'Cronos', 25, 60, []),
  otherNetwork('BITCOIN', 'Bitcoin', 'bitcoin', 0, 'bip122:000000000019d6689c085ae165831e93', [
    on('fireblocks', 'BTC'),
    on('anchorage', 'BTC'),
    on('bitgo', 'btc'),
  ]),
  otherNetwork(
    'BITCOIN_TESTNET',
    'Bitcoin Testnet',
    'bitcoin',
    1,
    'bip122:000000000933ea01ad0ee984209779ba',
    [on('fireblocks', 'BTC_TEST'), on('bitgo', 'tbtc')],
  ),
  otherNetwork('LITECOIN', 'Litecoin', 'bitcoin', 2, 'bip122:12a765e31ffd4059bada1e25190f6e98', [
    on('fireblocks', 'LTC'),
    on('anchorage', 'LTC'),
    on('bitgo', 'ltc'),
  ]),
  otherNetwork('DOGECOIN', 'Dogecoin', 'bitcoin', 3, 'bip122:1a91e3dace36e2be3bf030a65679fe82', [
    on('fireblocks', 'DOGE'),
    on('anchorage', 'DOGE'),
    on('bitgo', 'doge'),
  ]),
  otherNetwork('BITCOIN_CASH', 'Bitcoin Cash', 'bitcoin', 145, 'bip122:000000000000000000651ef99cb9fcbe', [
    on('fireblocks', 'BCH'),
    on('anchorage', 'BCH'),
    on('bitgo', 'bch'),
  ]),
  otherNetwork('SOLANA', 'Solana', 'solana', 501, 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', [
    local({ supportsTransfer: false }),
    on('fireblocks', 'SOL', customStake),
    on('anchorage', 'SOL', stake),
    on('bitgo', 'sol', stake),
  ]),
  otherNetwork('SOLANA_DEVNET', 'Solana Devnet', 'solana', 1, 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1', [
    on('fireblocks', 'SOL_TEST'),
    on('bitgo', 'tsol'),
  ]),
  otherNetwork('COSMOS', 'Cosmos Hub', 'cosmos', 118, 'cosmos:cosmoshub-4', [
    on('fireblocks', 'ATOM_COS', stake),
    on('anchorage', 'ATOM', stake),
    on('bitgo', 'atom', stake),
  ]),
  otherNetwork('XRP_LEDGER', 'XRP Ledger', 'xrpl', 144, 'xrpl:0', [
    on('fireblocks', 'XRP'),
    on('bitgo', 'xrp'),
  ]),
  otherNetwork('STELLAR', 'Stellar', 'stellar', 148, 'stellar:pubnet', [
    on('fireblocks', 'XLM'),
    on('bitgo', 'xlm'),
  ]),
  otherNetwork('TRON', 'Tron', 'tron', 195, 'tron:0x2b6653dc', [on('fireblocks', 'TRX'), on('bitgo', 'trx')]),
  otherNetwork('ALGORAND', 'Algorand', 'algorand', 283, 'algorand:wGHE2Pwdvd7S12BL5FaOP20EGYesN73k', [
    on('fireblocks', 'ALGO'),
    on('anchorage', 'ALGO'),
    on('bitgo', 'algo'),
  ]),
  otherNetwork('POLKADOT', 'Polkadot', 'substrate', 354, 'polkadot:91b171bb158e2d3848fa23a9f1c25182', [
    on('fireblocks', 'DOT', stake),
    on('anchorage', 'DOT', stake),
    on('bitgo', 'dot', stake),
  ]),
  otherNetwork('KUSAMA', 'Kusama', 'substrate', 434, 'polkadot:b0a8d493285c2df73290dfb7e61f870f', [
    on('fireblocks', 'KSM'),
  ]),
  otherNetwork('NEAR', 'NEAR Protocol', 'near', 397, 'near:mainnet', [
    on('fireblocks', 'NEAR', stake),
    on('anchorage', 'NEAR', stake),
    on('bitgo', 'near', stake),
  ]),
  otherNetwork('TEZOS', 'Tezos', 'tezos', 1729, 'tezos:NetXdQprcVkpaWU', [
    on('fireblocks', 'XTZ', stake),
    on('anchorage', 'XTZ', stake),
    on('bitgo', 'xtz'),
  ]),
  otherNetwork('CARDANO', 'Cardano', 'cardano', 1815, 'cip34:1-764824073', [
    on('fireblocks', 'ADA'),
    on('bitgo', 'ada'),
  ]),
  otherNetwork('SUI', 'Sui', 'move', 784, 'sui:mainnet', [on('anchorage', 'SUI'), on('bitgo', 'sui')]),
  otherNetwork('APTOS', 'Aptos', 'move', 637, 'aptos:1', [on('anchorage', 'APT'), on('bitgo', 'apt')]),
  otherNetwork('TON', 'TON', 'ton', 607, 'ton:-239', [on('fireblocks', 'TON'), on('bitgo', 'ton')]),
  otherNetwork('HEDERA', 'Hedera', 'hedera', 3030, 'hedera:mainnet', [
    on('fireblocks', 'HBAR'),
    on('bitgo', 'hbar'),
  ]),
  otherNetwork('FILECOIN', 'Filecoin', 'filecoin', 461, 'fil:f', [
    on('anchorage', 'FIL'),
    on('bitgo', 'fil'),
  ]),
]
