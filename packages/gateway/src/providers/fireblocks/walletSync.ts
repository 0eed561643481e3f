import { getAddress, isAddress } from 'viem'
import type { ProviderHttpClient } from '../http'
import type { ProviderAccount, ProviderAddress, ProviderKnownDestination, ProviderWallet } from '../types'
import { fireblocksAsset, isNativeAsset } from './assets'
import { accountIdOf, addressIdOf } from './ids'
import type { PaginatedAddressResponse, UnmanagedWallet, VaultAccountsPagedResponse } from './wire'

/** Pages of at most this many: Fireblocks' own maximum for vault accounts (500) and addresses (1000) is above it. */
const pageSize = 200
/** A cursor that never ends is a broken server, not a reason to loop for ever. */
const maxPages = 10_000

const q = encodeURIComponent

/** Every page of a cursor-paginated Fireblocks list (`paging.after` until absent). */
async function* pages<T extends { paging?: { after?: string } }>(
  http: ProviderHttpClient,
  path: (after: string | undefined) => string,
): AsyncGenerator<T> {
  let after: string | undefined
  for (let page = 0; page < maxPages; page += 1) {
    const { body } = await http.send({ method: 'GET', path: path(after) })
    const typed = (body ?? {}) as T
    yield typed
    after = typed.paging?.after
    if (!after) return
  }
}

const evmAddress = (address: string) =>
  isAddress(address, { strict: false }) ? getAddress(address) : address

async function accountAddresses(
  http: ProviderHttpClient,
  vaultId: string,
  assetId: string,
  networkId: string,
  evm: boolean,
): Promise<ProviderAddress[]> {
  const found: ProviderAddress[] = []
  for await (const page of pages<PaginatedAddressResponse>(
    http,
    (after) =>
      `/v1/vault/accounts/${q(vaultId)}/${q(assetId)}/addresses_paginated?limit=${pageSize}${after ? `&after=${q(after)}` : ''}`,
  )) {
    for (const entry of page.addresses ?? []) {
      if (typeof entry.address !== 'string' || entry.address.length === 0) continue
      const address = evm ? evmAddress(entry.address) : entry.address
      found.push({
        externalId: addressIdOf(vaultId, networkId, address),
        accountExternalId: accountIdOf(vaultId, networkId),
        address,
      })
    }
  }
  return found
}

/** Vault accounts as wallets; each native asset wallet of a catalogue network as an account, with its addresses. */
export async function listVaultWallets(http: ProviderHttpClient): Promise<ProviderWallet[]> {
  const wallets: ProviderWallet[] = []
  for await (const page of pages<VaultAccountsPagedResponse>(
    http,
    (after) => `/v1/vault/accounts_paged?limit=${pageSize}${after ? `&after=${q(after)}` : ''}`,
  )) {
    for (const vault of page.accounts ?? []) {
      if (typeof vault.id !== 'string') continue
      const accounts: ProviderAccount[] = []
      for (const held of vault.assets ?? []) {
        const asset = fireblocksAsset(held.id)
        if (!asset || !isNativeAsset(held.id)) continue
        accounts.push({
          externalId: accountIdOf(vault.id, asset.networkId),
          walletExternalId: vault.id,
          networkId: asset.networkId,
          label: vault.name ?? null,
          addresses: await accountAddresses(
            http,
            vault.id,
            held.id,
            asset.networkId,
            asset.evmChainId !== null,
          ),
        })
      }
      wallets.push({ externalId: vault.id, label: vault.name ?? null, accounts })
    }
  }
  return wallets
}

const destinationSources = [
  { path: '/v1/internal_wallets', kind: 'internal' },
  { path: '/v1/external_wallets', kind: 'external' },
  { path: '/v1/contracts', kind: 'contract' },
] as const

/** Internal wallets, external wallets and contracts: one destination per asset address on a catalogue network. */
export async function listDestinations(http: ProviderHttpClient): Promise<ProviderKnownDestination[]> {
  const destinations: ProviderKnownDestination[] = []
  for (const source of destinationSources) {
    const { body } = await http.send({ method: 'GET', path: source.path })
    for (const wallet of Array.isArray(body) ? (body as UnmanagedWallet[]) : []) {
      for (const held of wallet.assets ?? []) {
        const asset = fireblocksAsset(held.id)
        if (!asset || typeof held.address !== 'string' || held.address.length === 0) continue
        destinations.push({
          externalId: `${source.kind}:${wallet.id}:${held.id}`,
          label: wallet.name ?? null,
          externalClassification: source.kind,
          address: asset.evmChainId !== null ? evmAddress(held.address) : held.address,
          networkId: asset.networkId,
          externalAssetId: held.id,
        })
      }
    }
  }
  return destinations
}
