import type {
  accounts,
  addresses,
  assets,
  connections,
  knownDestinations,
  networks,
  wallets,
} from '../core/database/schema'
import type { Asset } from '../generated/asset'
import type { Connection } from '../generated/connection'
import type { KnownDestination } from '../generated/knownDestination'
import type { Network } from '../generated/network'
import type { Account, Address, Wallet } from '../generated/wallet'

type Row<T extends { $inferSelect: unknown }> = T['$inferSelect']

const iso = (date: Date) => date.toISOString()

export function addressToApi(row: Row<typeof addresses>): Address {
  return {
    addressId: row.addressId,
    accountId: row.accountId,
    address: row.address,
    clientId: row.clientId,
    connectionId: row.connectionId,
    createdAt: iso(row.createdAt),
    externalId: row.externalId,
    provider: row.provider,
    updatedAt: iso(row.updatedAt),
  }
}

/** `addressesNext`: where the account's addresses continue after `accountAddresses`, or null if they are all. */
export function accountToApi(
  row: Row<typeof accounts>,
  accountAddresses: Row<typeof addresses>[],
  addressesNext: string | null,
): Account {
  return {
    accountId: row.accountId,
    addresses: accountAddresses.map(addressToApi),
    addressesPage: { next: addressesNext },
    clientId: row.clientId,
    connectionId: row.connectionId,
    createdAt: iso(row.createdAt),
    externalId: row.externalId,
    label: row.label,
    networkId: row.networkId,
    provider: row.provider,
    updatedAt: iso(row.updatedAt),
    walletId: row.walletId,
  }
}

/** `accountsNext`: where the wallet's accounts continue after `walletAccounts`, or null if they are all. */
export function walletToApi(
  row: Row<typeof wallets>,
  walletAccounts: Account[],
  accountsNext: string | null,
): Wallet {
  return {
    walletId: row.walletId,
    clientId: row.clientId,
    connectionId: row.connectionId,
    createdAt: iso(row.createdAt),
    externalId: row.externalId,
    label: row.label,
    provider: row.provider,
    updatedAt: iso(row.updatedAt),
    accounts: walletAccounts,
    accountsPage: { next: accountsNext },
  }
}

export function connectionToApi(row: Row<typeof connections>): Connection {
  return {
    clientId: row.clientId,
    connectionId: row.connectionId,
    createdAt: iso(row.createdAt),
    label: row.label,
    provider: row.provider,
    revokedAt: row.revokedAt ? iso(row.revokedAt) : null,
    status: row.status as Connection['status'],
    updatedAt: iso(row.updatedAt),
    url: row.url,
  }
}

export function networkToApi(row: Row<typeof networks>): Network {
  return {
    networkId: row.networkId,
    coinType: row.coinType,
    evmChainId: row.evmChainId,
    name: row.name,
    createdAt: iso(row.createdAt),
    externalNetworks: row.externalNetworks,
  }
}

export function assetToApi(row: Row<typeof assets>): Asset {
  return {
    assetId: row.assetId,
    decimals: row.decimals,
    name: row.name,
    networkId: row.networkId,
    onchainId: row.onchainId,
    symbol: row.symbol,
    createdAt: iso(row.createdAt),
    externalAssets: row.externalAssets,
  }
}

export function knownDestinationToApi(row: Row<typeof knownDestinations>): KnownDestination {
  return {
    clientId: row.clientId,
    connectionId: row.connectionId,
    provider: row.provider,
    label: row.label,
    externalId: row.externalId,
    externalClassification: row.externalClassification,
    address: row.address,
    assetId: row.assetId,
    networkId: row.networkId,
  }
}
