import { type AnyColumn, asc, inArray, sql } from 'drizzle-orm'
import type { Database } from '../core/database/openDatabase'
import { accounts, addresses, wallets } from '../core/database/schema'
import { encodeCursor } from '../core/pagination/cursor'
import { maxLimit } from '../core/pagination/paginate'
import type { Account } from '../generated/wallet'
import { accountToApi } from './toApi'

/**
 * A wallet response embeds at most this many of its accounts: a wallet with 70,000 accounts once answered 500
 * (one bind parameter per account) and would otherwise answer a body that grows with it. It is the accounts list's
 * largest page, so the embedded accounts are exactly that list's first page and `accountsPage.next` continues it.
 */
export const walletAccountsLimit = maxLimit

/**
 * An account embeds at most this many of its addresses. Kept small because it multiplies: a wallet list page
 * embeds up to 100 wallets × 100 accounts, each with this many addresses.
 */
export const accountAddressesLimit = 10

type AccountRow = typeof accounts.$inferSelect
type AddressRow = typeof addresses.$inferSelect

/** Where a nested list, read in the lists' default order (createdAt, then id), continues; null if it holds all. */
function nextOf<Row extends { createdAt: Date }>(
  rows: Row[],
  limit: number,
  idOf: (row: Row) => string,
): string | null {
  const last = rows[limit - 1]
  if (rows.length <= limit || last === undefined) return null
  // The cursor of the list route's default order, so it continues that route (accounts by walletId, addresses
  // by accountId) where the nested list stops.
  return encodeCursor({
    orderBy: 'createdAt',
    desc: false,
    value: last.createdAt.toISOString(),
    id: idOf(last),
  })
}

/** Rows grouped by key, in the order given. */
function groupBy<Row>(rows: Row[], keyOf: (row: Row) => string): Map<string, Row[]> {
  const groups = new Map<string, Row[]>()
  for (const row of rows) {
    const key = keyOf(row)
    const group = groups.get(key)
    if (group) group.push(row)
    else groups.set(key, [row])
  }
  return groups
}

/** The first addresses (one more than embedded, to tell whether more follow) of the account `accountId` names. */
function firstAddressesOf(db: Database, accountId: AnyColumn) {
  return db
    .select()
    .from(addresses)
    .where(sql`${addresses.accountId} = ${accountId}`)
    .orderBy(asc(addresses.createdAt), asc(addresses.addressId))
    .limit(accountAddressesLimit + 1)
    .as('first_addresses')
}

/** Accounts as the API returns them, each with its first addresses and where the rest of them are. */
function accountsToApi(accountRows: AccountRow[], addressRows: AddressRow[]): Account[] {
  const byAccount = groupBy(addressRows, (row) => row.accountId)
  return accountRows.map((row) => {
    const rows = byAccount.get(row.accountId) ?? []
    const next = nextOf(rows, accountAddressesLimit, (address) => address.addressId)
    return accountToApi(row, rows.slice(0, accountAddressesLimit), next)
  })
}

function assertPage(ids: string[]) {
  // Every caller passes one page of rows; more would bring back a parameter list that grows with the data.
  if (ids.length > maxLimit) throw new Error(`At most ${maxLimit} ids at a time, not ${ids.length}`)
}

/**
 * The first accounts (with their first addresses) of each of a page of wallets, and where each wallet's list
 * continues. One query whatever the wallets hold: it reads at most `walletAccountsLimit + 1` accounts per wallet
 * and `accountAddressesLimit + 1` addresses per account through the (wallet, createdAt) and (account, createdAt)
 * indexes, and binds only the page's wallet ids. Each row is an account beside one of its addresses (or none):
 * one round trip instead of two matters most on PGlite, where every query runs on the event loop.
 */
export async function accountsOfWallets(
  db: Database,
  walletIds: string[],
): Promise<Map<string, { accounts: Account[]; next: string | null }>> {
  const result = new Map<string, { accounts: Account[]; next: string | null }>()
  if (walletIds.length === 0) return result
  assertPage(walletIds)
  const firstAccounts = db
    .select()
    .from(accounts)
    .where(sql`${accounts.walletId} = ${wallets.walletId}`)
    .orderBy(asc(accounts.createdAt), asc(accounts.accountId))
    .limit(walletAccountsLimit + 1)
    .as('first_accounts')
  // The extra account (the one that only tells whether more follow) brings its addresses too: at most
  // `accountAddressesLimit + 1` rows a wallet, cheaper than a second query.
  const firstAddresses = firstAddressesOf(db, firstAccounts.accountId)
  const rows = await db
    .select({ account: firstAccounts._.selectedFields, address: firstAddresses._.selectedFields })
    .from(wallets)
    .innerJoinLateral(firstAccounts, sql`true`)
    .leftJoinLateral(firstAddresses, sql`true`)
    .where(inArray(wallets.walletId, walletIds))
    .orderBy(
      asc(firstAccounts.createdAt),
      asc(firstAccounts.accountId),
      asc(firstAddresses.createdAt),
      asc(firstAddresses.addressId),
    )
  const accountRows: AccountRow[] = []
  const addressRows: AddressRow[] = []
  for (const { account, address } of rows) {
    // Rows come account by account, so an account's first row is the one after another account's.
    if (accountRows[accountRows.length - 1]?.accountId !== account.accountId) accountRows.push(account)
    if (address?.addressId != null) addressRows.push(address as AddressRow)
  }
  for (const [walletId, walletAccounts] of groupBy(accountRows, (row) => row.walletId)) {
    result.set(walletId, {
      accounts: accountsToApi(walletAccounts.slice(0, walletAccountsLimit), addressRows),
      next: nextOf(walletAccounts, walletAccountsLimit, (account) => account.accountId),
    })
  }
  return result
}

/** A page of accounts as the API returns them, each with its first addresses (one query, the page's ids bound). */
export async function withAccountAddresses(db: Database, accountRows: AccountRow[]): Promise<Account[]> {
  if (accountRows.length === 0) return []
  const accountIds = accountRows.map((row) => row.accountId)
  assertPage(accountIds)
  const firstAddresses = firstAddressesOf(db, accounts.accountId)
  const addressRows = await db
    .select(firstAddresses._.selectedFields)
    .from(accounts)
    .innerJoinLateral(firstAddresses, sql`true`)
    .where(inArray(accounts.accountId, accountIds))
    .orderBy(asc(firstAddresses.createdAt), asc(firstAddresses.addressId))
  return accountsToApi(accountRows, addressRows)
}
