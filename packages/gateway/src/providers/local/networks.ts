import type { NetworkId } from '../types'

/** How the local provider derives keys and signs on a network. */
export interface LocalNetwork {
  id: NetworkId
  kind: 'evm' | 'solana'
  /** SLIP-0044 coin type, used in the BIP-44 path. Every EVM network uses 60, so one key serves all of them. */
  coinType: number
  chainId: number | null
  /** Whether the local staking model (stake into a validator contract) is offered on this network. */
  supportsStake: boolean
  /**
   * Fees used when no RPC endpoint is configured and the request leaves them out (offline signing), in wei.
   * Operators override them per network in the provider options.
   */
  offlineFees: { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint }
}

const gwei = (value: number): bigint => BigInt(Math.round(value * 1e9))

function evm(
  id: NetworkId,
  chainId: number,
  maxFeeGwei: number,
  priorityGwei: number,
  supportsStake = false,
): LocalNetwork {
  return {
    id,
    kind: 'evm',
    coinType: 60,
    chainId,
    supportsStake,
    offlineFees: { maxFeePerGas: gwei(maxFeeGwei), maxPriorityFeePerGas: gwei(priorityGwei) },
  }
}

/**
 * The networks the local provider knows, by the gateway catalogue's uppercase network ids.
 * Non-EVM networks are limited to Solana, for ed25519 raw signing.
 */
export const localNetworks: Readonly<Record<NetworkId, LocalNetwork>> = Object.freeze({
  ETHEREUM: evm('ETHEREUM', 1, 40, 1.5, true),
  ETHEREUM_SEPOLIA: evm('ETHEREUM_SEPOLIA', 11155111, 40, 1.5, true),
  ETHEREUM_HOLESKY: evm('ETHEREUM_HOLESKY', 17000, 40, 1.5, true),
  POLYGON: evm('POLYGON', 137, 300, 30),
  POLYGON_AMOY: evm('POLYGON_AMOY', 80002, 300, 30),
  ARBITRUM: evm('ARBITRUM', 42161, 0.1, 0.01),
  ARBITRUM_SEPOLIA: evm('ARBITRUM_SEPOLIA', 421614, 0.1, 0.01),
  OPTIMISM: evm('OPTIMISM', 10, 0.1, 0.01),
  OPTIMISM_SEPOLIA: evm('OPTIMISM_SEPOLIA', 11155420, 0.1, 0.01),
  BASE: evm('BASE', 8453, 0.1, 0.01),
  BASE_SEPOLIA: evm('BASE_SEPOLIA', 84532, 0.1, 0.01),
  BSC: evm('BSC', 56, 3, 1),
  AVALANCHE: evm('AVALANCHE', 43114, 50, 2),
  GNOSIS: evm('GNOSIS', 100, 5, 1),
  LINEA: evm('LINEA', 59144, 1, 0.1),
  SCROLL: evm('SCROLL', 534352, 1, 0.1),
  ZKSYNC: evm('ZKSYNC', 324, 1, 0.1),
  SOLANA: {
    id: 'SOLANA',
    kind: 'solana',
    coinType: 501,
    chainId: null,
    supportsStake: false,
    offlineFees: { maxFeePerGas: 0n, maxPriorityFeePerGas: 0n },
  },
})

/** Networks a new wallet gets accounts on, unless the provider options say otherwise. */
export const defaultLocalNetworkIds: readonly NetworkId[] = Object.freeze([
  'ETHEREUM',
  'ETHEREUM_SEPOLIA',
  'ETHEREUM_HOLESKY',
  'POLYGON',
  'ARBITRUM',
  'OPTIMISM',
  'BASE',
  'BASE_SEPOLIA',
  'SOLANA',
])
