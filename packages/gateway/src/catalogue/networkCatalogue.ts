import type { ExternalNetworkRow } from '../db/schema'

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

type Flags = Partial<Omit<ExternalNetworkRow, 'externalId' | 'provider'>>

const on = (provider: string, externalId: string, flags: Flags = {}): ExternalNetworkRow => ({
  externalId,
  provider,
  supportsEvm: flags.supportsEvm ?? false,
  supportsTransfer: flags.supportsTransfer ?? true,
  supportsStake: flags.supportsStake ?? false,
  customStakingValidator: flags.customStakingValidator ?? false,
})

// The local provider names networks by their catalogue id and signs for every EVM network.
const local = (networkId: string, flags: Flags = {}) =>
  on('local', networkId, { supportsEvm: true, ...flags })
const evm = { supportsEvm: true }

function evmNetwork(
  networkId: string,
  name: string,
  evmChainId: number,
  coinType: number,
  external: ExternalNetworkRow[],
): CatalogueNetwork {
  return { networkId, name, type: 'evm', coinType, evmChainId, caip2: `eip155:${evmChainId}`, external }
}

function otherNetwork(
  networkId: string,
  name: string,
  type: NetworkType,
  coinType: number,
  caip2: string,
  external: ExternalNetworkRow[],
): CatalogueNetwork {
  return { networkId, name, type, coinType, evmChainId: null, caip2, external }
}

export const networkCatalogue: readonly CatalogueNetwork[] = [
  evmNetwork('ETHEREUM', 'Ethereum', 1, 60, [
    local('ETHEREUM', { supportsStake: true, customStakingValidator: true }),
    on('fireblocks', 'ETH', { ...evm, supportsStake: true }),
    on('anchorage', 'ETH', { ...evm, supportsStake: true }),
    on('bitgo', 'eth', { ...evm, supportsStake: true }),
  ]),
  evmNetwork('ETHEREUM_SEPOLIA', 'Ethereum Sepolia', 11155111, 1, [
    local('ETHEREUM_SEPOLIA', { supportsStake: true, customStakingValidator: true }),
    on('fireblocks', 'ETH_TEST5', evm),
  ]),
  evmNetwork('ETHEREUM_HOLESKY', 'Ethereum Holesky', 17000, 1, [
    local('ETHEREUM_HOLESKY', { supportsStake: true, customStakingValidator: true }),
    on('fireblocks', 'ETH_TEST6', { ...evm, supportsStake: true }),
    on('anchorage', 'ETHHOL', { ...evm, supportsStake: true }),
    on('bitgo', 'hteth', { ...evm, supportsStake: true }),
  ]),
  evmNetwork('POLYGON', 'Polygon PoS', 137, 966, [
    local('POLYGON'),
    on('fireblocks', 'MATIC_POLYGON', evm),
    on('bitgo', 'polygon', evm),
  ]),
  evmNetwork('POLYGON_AMOY', 'Polygon Amoy', 80002, 1, [
    local('POLYGON_AMOY'),
    on('fireblocks', 'AMOY_POLYGON_TEST', evm),
  ]),
  evmNetwork('ARBITRUM', 'Arbitrum One', 42161, 60, [
    local('ARBITRUM'),
    on('fireblocks', 'ETH-AETH', evm),
    on('bitgo', 'arbeth', evm),
  ]),
  evmNetwork('ARBITRUM_SEPOLIA', 'Arbitrum Sepolia', 421614, 1, [local('ARBITRUM_SEPOLIA')]),
  evmNetwork('OPTIMISM', 'OP Mainnet', 10, 60, [
    local('OPTIMISM'),
    on('fireblocks', 'ETH-OPT', evm),
    on('bitgo', 'opeth', evm),
  ]),
  evmNetwork('OPTIMISM_SEPOLIA', 'OP Sepolia', 11155420, 1, [local('OPTIMISM_SEPOLIA')]),
  evmNetwork('BASE', 'Base', 8453, 60, [
    local('BASE'),
    on('fireblocks', 'BASECHAIN_ETH', evm),
    on('bitgo', 'baseeth', evm),
  ]),
  evmNetwork('BASE_SEPOLIA', 'Base Sepolia', 84532, 1, [
    local('BASE_SEPOLIA'),
    on('fireblocks', 'BASECHAIN_ETH_TEST5', evm),
  ]),
  evmNetwork('BSC', 'BNB Smart Chain', 56, 60, [
    local('BSC'),
    on('fireblocks', 'BNB_BSC', evm),
    on('bitgo', 'bsc', evm),
  ]),
  evmNetwork('AVALANCHE', 'Avalanche C-Chain', 43114, 60, [
    local('AVALANCHE'),
    on('fireblocks', 'AVAX', evm),
    on('bitgo', 'avaxc', evm),
  ]),
  evmNetwork('GNOSIS', 'Gnosis Chain', 100, 700, [local('GNOSIS'), on('fireblocks', 'XDAI', evm)]),
  evmNetwork('LINEA', 'Linea', 59144, 60, [local('LINEA')]),
  evmNetwork('SCROLL', 'Scroll', 534352, 60, [local('SCROLL')]),
  evmNetwork('ZKSYNC', 'ZKsync Era', 324, 60, [local('ZKSYNC')]),
  evmNetwork('CELO', 'Celo', 42220, 52752, [on('fireblocks', 'CELO', evm), on('bitgo', 'celo', evm)]),
  evmNetwork('FANTOM', 'Fantom Opera', 250, 1007, [on('fireblocks', 'FTM_FANTOM', evm)]),
  evmNetwork('MOONBEAM', 'Moonbeam', 1284, 1284, [on('fireblocks', 'GLMR_GLMR', evm)]),
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
    on('local', 'SOLANA', { supportsTransfer: false }),
    on('fireblocks', 'SOL', { supportsStake: true, customStakingValidator: true }),
    on('anchorage', 'SOL', { supportsStake: true }),
    on('bitgo', 'sol', { supportsStake: true }),
  ]),
  otherNetwork('SOLANA_DEVNET', 'Solana Devnet', 'solana', 1, 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1', [
    on('fireblocks', 'SOL_TEST'),
    on('bitgo', 'tsol'),
  ]),
  otherNetwork('COSMOS', 'Cosmos Hub', 'cosmos', 118, 'cosmos:cosmoshub-4', [
    on('fireblocks', 'ATOM_COS', { supportsStake: true }),
    on('anchorage', 'ATOM', { supportsStake: true }),
    on('bitgo', 'atom', { supportsStake: true }),
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
    on('fireblocks', 'DOT', { supportsStake: true }),
    on('anchorage', 'DOT', { supportsStake: true }),
    on('bitgo', 'dot', { supportsStake: true }),
  ]),
  otherNetwork('KUSAMA', 'Kusama', 'substrate', 434, 'polkadot:b0a8d493285c2df73290dfb7e61f870f', [
    on('fireblocks', 'KSM'),
  ]),
  otherNetwork('NEAR', 'NEAR Protocol', 'near', 397, 'near:mainnet', [
    on('fireblocks', 'NEAR', { supportsStake: true }),
    on('anchorage', 'NEAR', { supportsStake: true }),
    on('bitgo', 'near', { supportsStake: true }),
  ]),
  otherNetwork('TEZOS', 'Tezos', 'tezos', 1729, 'tezos:NetXdQprcVkpaWU', [
    on('fireblocks', 'XTZ', { supportsStake: true }),
    on('anchorage', 'XTZ', { supportsStake: true }),
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
