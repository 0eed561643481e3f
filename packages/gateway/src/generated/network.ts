/* This file is generated from schemas/ by `pnpm types:generate`. Do not edit it by hand. */

/**
 * A network of the catalogue, with how each provider names and supports it. coinType is the SLIP-44 coin type; evmChainId is null for non-EVM networks.
 */
export interface Network {
  networkId: string
  coinType: number | null
  evmChainId: number | null
  name: string
  /**
   * RFC 3339 timestamp
   */
  createdAt: string
  externalNetworks: {
    externalId: string
    provider: string
    supportsStake: boolean
    supportsEvm: boolean
    supportsTransfer: boolean
    customStakingValidator: boolean
  }[]
}
