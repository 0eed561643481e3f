// A wallet with 70,000 accounts: more than the 65,535 parameters a PostgreSQL statement may bind, which once made
// GET /v1/provider/wallets answer 500 (#24). Every read must answer a bounded body, and the wallet's accounts must
// be reachable, each exactly once, from the wallet through the accounts list.
import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { accountAddressesLimit, walletAccountsLimit } from '../src/resources/loadAccounts'
import { createTestConnection, signedInject } from './support/testGateway'
import { useTestClient, useTestGateway } from './support/useTestGateway'

const gateway = useTestGateway()
const alice = useTestClient(gateway)
const accountCount = 70_000
const bigWalletId = 'big-wallet'
// The first account holds more addresses than an account embeds.
const manyAddresses = 25

type ApiAccount = {
  accountId: string
  walletId: string
  createdAt: string
  addresses: { addressId: string }[]
  addressesPage: { next: string | null }
}
type ApiWallet = { walletId: string; accounts: ApiAccount[]; accountsPage: { next: string | null } }

const get = async (url: string) => {
  const response = await signedInject(gateway, alice, { method: 'GET', url })
  expect(response.statusCode, `${url}: ${response.body.slice(0, 500)}`).toBe(200)
  // Bounded: 100 accounts of 10 addresses at most, whatever the wallet holds.
  expect(response.body.length, url).toBeLessThan(600_000)
  return response.json()
}

beforeAll(async () => {
  const { connectionId } = await createTestConnection(gateway, alice)
  const { db } = gateway.database
  const clientId = alice.clientId
  const createdAt = sql`timestamptz '2026-01-01T00:00:00Z'`
  await db.execute(sql`insert into wallets
    (wallet_id, client_id, connection_id, provider, external_id, label, created_at, updated_at)
    values (${bigWalletId}, ${clientId}, ${connectionId}, 'local', 'big-wallet-ext', 'Big', ${createdAt}, ${createdAt})`)
  // Seven accounts share each millisecond, so pages also have to break ties on the id.
  await db.execute(sql`insert into accounts
    (account_id, wallet_id, client_id, connection_id, provider, external_id, label, network_id, created_at, updated_at)
    select 'big-account-' || i, ${bigWalletId}, ${clientId}, ${connectionId}, 'local', 'big-account-ext-' || i, null,
      'ETHEREUM', ${createdAt} + (i / 7) * interval '1 millisecond', ${createdAt}
    from generate_series(1, ${accountCount}::int) as i`)
  await db.execute(sql`insert into addresses
    (address_id, account_id, client_id, connection_id, provider, external_id, address, created_at, updated_at)
    select 'big-address-' || i, 'big-account-' || i, ${clientId}, ${connectionId}, 'local', 'big-address-ext-' || i,
      '0x' || lpad(to_hex(i), 40, '0'), ${createdAt}, ${createdAt}
    from generate_series(1, ${accountCount}::int) as i`)
  await db.execute(sql`insert into addresses
    (address_id, account_id, client_id, connection_id, provider, external_id, address, created_at, updated_at)
    select 'big-extra-address-' || i, 'big-account-1', ${clientId}, ${connectionId}, 'local',
      'big-extra-address-ext-' || i, '0x' || lpad(to_hex(1000000 + i), 40, '0'),
      ${createdAt} + i * interval '1 second', ${createdAt}
    from generate_series(2, ${manyAddresses}::int) as i`)
  await db.execute(sql`analyze`)
}, 120_000)

describe('a wallet with 70,000 accounts', () => {
  it('is listed and read with its first accounts, and says where the rest are', async () => {
    const list = await get('/v1/provider/wallets?limit=100')
    const wallets = list.data as ApiWallet[]
    expect(wallets.length).toBeGreaterThanOrEqual(2)
    const big = wallets.find((wallet) => wallet.walletId === bigWalletId)!
    expect(big.accounts).toHaveLength(walletAccountsLimit)
    expect(big.accountsPage.next).toEqual(expect.any(String))
    for (const small of wallets.filter((wallet) => wallet.walletId !== bigWalletId)) {
      expect(small.accountsPage).toEqual({ next: null })
      expect(small.accounts.length).toBeGreaterThan(0)
    }
    expect((await get(`/v1/provider/wallets/${bigWalletId}`)).data).toEqual(big)

    // The embedded accounts are the accounts list's first page for the wallet, addresses included.
    const firstPage = await get(`/v1/provider/accounts?walletId=${bigWalletId}&limit=100`)
    expect(firstPage.data).toEqual(big.accounts)
    expect(firstPage.page.next).toBe(big.accountsPage.next)

    const [first] = big.accounts
    expect(first?.accountId).toBe('big-account-1')
    expect(first?.addresses).toHaveLength(accountAddressesLimit)
    expect(big.accounts.slice(1).every((account) => account.addresses.length === 1)).toBe(true)
    expect(big.accounts.slice(1).every((account) => account.addressesPage.next === null)).toBe(true)
    const rest = await get(
      `/v1/provider/addresses?accountId=big-account-1&limit=100&cursor=${encodeURIComponent(first!.addressesPage.next!)}`,
    )
    const addressIds = [...first!.addresses, ...rest.data].map((address) => address.addressId)
    expect(rest.page.next).toBeNull()
    expect(new Set(addressIds).size).toBe(manyAddresses)
  })

  it('pages from the wallet through the accounts list to the end, every account exactly once', async () => {
    const wallet = (await get(`/v1/provider/wallets/${bigWalletId}`)).data as ApiWallet
    const accounts = [...wallet.accounts]
    let next = wallet.accountsPage.next
    while (next !== null) {
      const page = await get(
        `/v1/provider/accounts?walletId=${bigWalletId}&limit=100&cursor=${encodeURIComponent(next)}`,
      )
      accounts.push(...(page.data as ApiAccount[]))
      next = page.page.next
    }
    expect(accounts).toHaveLength(accountCount)
    const ids = accounts.map((account) => account.accountId)
    expect(new Set(ids).size).toBe(accountCount)
    expect(accounts.every((account) => account.walletId === bigWalletId)).toBe(true)
    // Oldest first, ties broken by id: the order the cursor continues.
    const sorted = [...accounts].sort(
      (a, b) => a.createdAt.localeCompare(b.createdAt) || (a.accountId < b.accountId ? -1 : 1),
    )
    expect(ids).toEqual(sorted.map((account) => account.accountId))
  }, 600_000)

  it('lists accounts and addresses with bounded pages', async () => {
    const accounts = await get('/v1/provider/accounts?limit=100')
    expect(accounts.data).toHaveLength(100)
    expect(accounts.page.next).toEqual(expect.any(String))
    const addresses = await get('/v1/provider/addresses?limit=100')
    expect(addresses.data).toHaveLength(100)
    const following = await get(`/v1/provider/addresses?limit=100&cursor=${addresses.page.next}`)
    expect(following.data).toHaveLength(100)
    const ids = [...addresses.data, ...following.data].map((address) => address.addressId)
    expect(new Set(ids).size).toBe(200)
    const latest = await get('/v1/provider/addresses?limit=100&desc=true')
    expect(latest.data).toHaveLength(100)
    expect((await get('/v1/provider/accounts/big-account-1')).data.addresses).toHaveLength(
      accountAddressesLimit,
    )
  })
})
