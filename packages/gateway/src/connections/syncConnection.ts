import { randomUUID } from 'node:crypto'
import { and, eq, notInArray } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import type { Database } from '../core/database/openDatabase'
import { readClient } from '../core/database/organizationStore'
import {
  accounts,
  addresses,
  assets,
  connections,
  knownDestinations,
  networks,
  wallets,
} from '../core/database/schema'
import type { ProviderSession, ProviderWallet } from '../providers/types'

export type SyncTarget = { clientId: string; connectionId: string; provider: string }

export type SyncSummary = { wallets: number; accounts: number; addresses: number; knownDestinations: number }

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0]

/**
 * The sync step: reads the provider's wallets, accounts and addresses (and its known destinations) into the
 * database. Records are matched on the provider's externalId within the connection, so gateway ids stay
 * stable across syncs; what the provider no longer has is removed. One transaction: readers see the previous
 * state or the new one, never a mix.
 */
export async function syncConnection(
  db: Database | Transaction,
  target: SyncTarget,
  session: ProviderSession,
): Promise<SyncSummary> {
  const [providerWallets, providerDestinations] = await Promise.all([
    session.listWallets(),
    session.listKnownDestinations(),
  ])
  return db.transaction(async (tx) => {
    const counts = await writeWallets(tx, target, providerWallets)
    const knownDestinationCount = await writeKnownDestinations(tx, target, providerDestinations)
    return { ...counts, knownDestinations: knownDestinationCount }
  })
}

async function writeWallets(tx: Transaction, target: SyncTarget, providerWallets: ProviderWallet[]) {
  const now = new Date()
  const scope = { clientId: target.clientId, connectionId: target.connectionId, provider: target.provider }
  const counts = { wallets: 0, accounts: 0, addresses: 0 }
  const keep = { wallets: [] as string[], accounts: [] as string[], addresses: [] as string[] }
  for (const wallet of providerWallets) {
    const [walletRow] = await tx
      .insert(wallets)
      .values({
        ...scope,
        walletId: randomUUID(),
        externalId: wallet.externalId,
        label: wallet.label,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: [wallets.connectionId, wallets.externalId],
        set: { label: wallet.label, updatedAt: now },
      })
      .returning({ walletId: wallets.walletId })
    const walletId = walletRow!.walletId
    keep.wallets.push(wallet.externalId)
    counts.wallets++
    for (const account of wallet.accounts) {
      const [accountRow] = await tx
        .insert(accounts)
        .values({
          ...scope,
          accountId: randomUUID(),
          walletId,
          externalId: account.externalId,
          label: account.label,
          networkId: account.networkId,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoUpdate({
          target: [accounts.connectionId, accounts.externalId],
          set: { label: account.label, networkId: account.networkId, walletId, updatedAt: now },
        })
        .returning({ accountId: accounts.accountId })
      const accountId = accountRow!.accountId
      keep.accounts.push(account.externalId)
      counts.accounts++
      for (const address of account.addresses) {
        await tx
          .insert(addresses)
          .values({
            ...scope,
            addressId: randomUUID(),
            accountId,
            externalId: address.externalId,
            address: address.address,
            createdAt: now,
            updatedAt: now,
          })
          .onConflictDoUpdate({
            target: [addresses.connectionId, addresses.externalId],
            set: { address: address.address, accountId, updatedAt: now },
          })
        keep.addresses.push(address.externalId)
        counts.addresses++
      }
    }
  }
  const inConnection = (table: { connectionId: AnyPgColumn }) => eq(table.connectionId, target.connectionId)
  await tx.delete(addresses).where(and(inConnection(addresses), notIn(addresses.externalId, keep.addresses)))
  await tx.delete(accounts).where(and(inConnection(accounts), notIn(accounts.externalId, keep.accounts)))
  await tx.delete(wallets).where(and(inConnection(wallets), notIn(wallets.externalId, keep.wallets)))
  return counts
}

function notIn(column: AnyPgColumn, values: string[]) {
  // `NOT IN ()` is not valid SQL: with nothing to keep, every row of the connection goes.
  return values.length === 0 ? undefined : notInArray(column, values)
}

async function writeKnownDestinations(
  tx: Transaction,
  target: SyncTarget,
  /** null: keep the provider's destinations as they are and refresh the address book only. */
  providerDestinations: Awaited<ReturnType<ProviderSession['listKnownDestinations']>> | null,
): Promise<number> {
  const now = new Date()
  const catalogueAssets = await tx
    .select({ assetId: assets.assetId, externalAssets: assets.externalAssets })
    .from(assets)
  const assetIdOf = (externalAssetId: string | null) =>
    externalAssetId === null
      ? null
      : (catalogueAssets.find((asset) =>
          asset.externalAssets.some(
            (e) => e.provider === target.provider && e.externalId === externalAssetId,
          ),
        )?.assetId ?? null)
  const evmNetworks = await tx
    .select({ networkId: networks.networkId, evmChainId: networks.evmChainId })
    .from(networks)
  // The address book alone: the whole organization may weigh tens of megabytes.
  const stored = await readClient(tx as unknown as Database, target.clientId, { collection: 'addressBook' })
  const addressBook = (stored?.organization.addressBook ?? []) as {
    id: string
    address: string
    chainId: number
    classification: string
  }[]

  const rows = [
    ...(providerDestinations ?? []).map((destination) => ({
      source: 'provider',
      externalId: destination.externalId,
      label: destination.label,
      externalClassification: destination.externalClassification,
      address: destination.address,
      assetId: assetIdOf(destination.externalAssetId),
      networkId: destination.networkId,
    })),
    ...addressBook.map((entry) => ({
      source: 'addressBook',
      externalId: entry.id,
      label: null,
      externalClassification: entry.classification,
      address: entry.address,
      assetId: null,
      networkId: evmNetworks.find((network) => network.evmChainId === entry.chainId)?.networkId ?? null,
    })),
  ]
  // Upserted on (connection, source, externalId) so ids, creation times and therefore cursors survive a resync.
  for (const row of rows) {
    await tx
      .insert(knownDestinations)
      .values({
        ...row,
        knownDestinationId: randomUUID(),
        clientId: target.clientId,
        connectionId: target.connectionId,
        provider: target.provider,
        createdAt: now,
      })
      .onConflictDoUpdate({
        target: [knownDestinations.connectionId, knownDestinations.source, knownDestinations.externalId],
        set: {
          label: row.label,
          externalClassification: row.externalClassification,
          address: row.address,
          assetId: row.assetId,
          networkId: row.networkId,
        },
      })
  }
  for (const source of providerDestinations === null ? ['addressBook'] : ['provider', 'addressBook']) {
    const kept = rows.filter((row) => row.source === source).map((row) => row.externalId)
    await tx
      .delete(knownDestinations)
      .where(
        and(
          eq(knownDestinations.connectionId, target.connectionId),
          eq(knownDestinations.source, source),
          notIn(knownDestinations.externalId, kept),
        ),
      )
  }
  return rows.length
}

/**
 * Rewrites the address-book part of the known destinations of every active connection of a client, after its
 * entities changed. The provider is not called: its destinations stay as the last sync left them.
 */
export async function refreshAddressBook(db: Database, clientId: string): Promise<void> {
  const active = await db
    .select({ connectionId: connections.connectionId, provider: connections.provider })
    .from(connections)
    .where(and(eq(connections.clientId, clientId), eq(connections.status, 'active')))
  await db.transaction(async (tx) => {
    for (const connection of active) {
      await writeKnownDestinations(tx, { clientId, ...connection }, null)
    }
  })
}
