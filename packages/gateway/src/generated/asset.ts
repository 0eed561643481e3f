/* This file is generated from schemas/ by `pnpm types:generate`. Do not edit it by hand. */

/**
 * An asset of the catalogue. onchainId is the token contract address, or null for a native coin.
 */
export interface Asset {
  assetId: string
  decimals: number | null
  name: string
  networkId: string
  onchainId: string | null
  symbol: string | null
  /**
   * RFC 3339 timestamp
   */
  createdAt: string
  externalAssets: {
    externalId: string
    provider: string
  }[]
}
