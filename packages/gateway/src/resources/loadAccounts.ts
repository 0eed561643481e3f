import { asc, inArray } from 'drizzle-orm'
import type { Database } from '../db/openDatabase'
import { accounts, addresses } from '../db/schema'
import { accountToApi } from './toApi'

/** The accounts (with their addresses) of the given wallets, grouped by wallet, in a stable order. */
export async function accountsOfWallets(db: Database, walletIds: string[]) {
  if (walletIds.length === 0) return new Map<string, ReturnType<typeof accountToApi>[]>()
  const accountRows = await db
    .select()
    .from(accounts)
    .where(inArray(accounts.walletId, walletIds))
    .orderBy(asc(accounts.createdAt), asc(accounts.accountId))
  const withAddresses = await withAccountAddresses(db, accountRows)
  const byWallet = new Map<string, ReturnType<typeof accountToApi>[]>()
  for (const account of withAddresses) {
    const list = byWallet.get(account.walletId) ?? []
    list.push(account)
    byWallet.set(account.walletId, list)
  }
  return byWallet
}

/** Accounts as the API returns them, each with its addresses. */
export async function withAccountAddresses(db: Database, accountRows: (typeof accounts.$inferSelect)[]) {
  const accountIds = accountRows.map((row) => row.accountId)
  const addressRows =
    accountIds.length === 0
      ? []
      : await db
          .select()
          .from(addresses)
          .where(inArray(addresses.accountId, accountIds))
          .orderBy(asc(addresses.createdAt), asc(addresses.addressId))
  const addressesByAccount = new Map<string, typeof addressRows>()
  for (const address of addressRows) {
    const list = addressesByAccount.get(address.accountId)
    if (list) list.push(address)
    else addressesByAccount.set(address.accountId, [address])
  }
  return accountRows.map((row) => accountToApi(row, addressesByAccount.get(row.accountId) ?? []))
}
