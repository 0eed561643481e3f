/* This file is generated from schemas/ by `pnpm types:generate`. Do not edit it by hand. */

/**
 * A destination a connection may send to: from the provider (its whitelist, the connection's own addresses), or from the client's address book (externalClassification is then the address book classification).
 */
export interface KnownDestination {
  clientId: string
  connectionId: string
  provider: string
  label: string | null
  externalId: string
  externalClassification: string | null
  address: string
  assetId: string | null
  networkId: string | null
}
