// `pnpm bench`: GET /v1/provider/wallets for a client one of whose wallets holds 100,000 accounts (each with an
// address), against the same request on an empty-ish database (the local connection's wallet and its handful of
// accounts) and on one whose wallet holds exactly the 100 accounts a wallet embeds (the same response body). The wallet list reads at most 100 accounts a wallet and 10 addresses an account, so the two should
// cost about the same; before #24 the busy one answered 500. Then the accounts list of that wallet: its last page
// against its first, which a keyset page bounded by an index costs the same.
import { sql } from 'drizzle-orm'
import { bench, describe } from 'vitest'
import { wallets } from '../src/core/database/schema'
import { encodeCursor } from '../src/core/pagination/cursor'
import { accountsOfWallets, walletAccountsLimit } from '../src/resources/loadAccounts'
import {
  createTestConnection,
  registerTestClient,
  signedInject,
  startTestGateway,
  type TestClient,
  type TestGateway,
} from '../test/support/testGateway'

const accountCount = 100_000
// Longer than the default half second: the machine is shared, and a longer run evens out its noise.
const options = { time: 3000, warmupTime: 500 }
const bigWalletId = 'bench-big-wallet'

async function gatewayWithWallet(accountsInBigWallet: number) {
  // Without the PGlite read cache: the same request again would be answered from it, and this bench measures the
  // queries a read runs.
  const gateway = await startTestGateway({}, { withoutReadCache: true })
  // EdDSA: the cheapest signature to check, so the reads weigh more in what is measured.
  const client = await registerTestClient(gateway, ['EdDSA'])
  const { connectionId } = await createTestConnection(gateway, client)
  if (accountsInBigWallet > 0) {
    const { db } = gateway.database
    const at = sql`timestamptz '2026-01-01T00:00:00Z'`
    await db.execute(sql`insert into wallets
      (wallet_id, client_id, connection_id, provider, external_id, label, created_at, updated_at)
      values (${bigWalletId}, ${client.clientId}, ${connectionId}, 'local', 'big', null, ${at}, ${at})`)
    await db.execute(sql`insert into accounts
      (account_id, wallet_id, client_id, connection_id, provider, external_id, label, network_id, created_at,
       updated_at)
      select 'acc-' || i, ${bigWalletId}, ${client.clientId}, ${connectionId}, 'local', 'acc-ext-' || i, null,
        'ETHEREUM', ${at} + i * interval '1 millisecond', ${at}
      from generate_series(1, ${accountsInBigWallet}::int) as i`)
    await db.execute(sql`insert into addresses
      (address_id, account_id, client_id, connection_id, provider, external_id, address, created_at, updated_at)
      select 'adr-' || i, 'acc-' || i, ${client.clientId}, ${connectionId}, 'local', 'adr-ext-' || i,
        '0x' || lpad(to_hex(i), 40, '0'), ${at}, ${at}
      from generate_series(1, ${accountsInBigWallet}::int) as i`)
    await db.execute(sql`analyze`)
  }
  return { gateway, client }
}

const empty = await gatewayWithWallet(0)
// As many accounts as a wallet embeds: the same response body as the busy wallet's, from a small table.
const fullPage = await gatewayWithWallet(walletAccountsLimit)
const busy = await gatewayWithWallet(accountCount)

async function list(setup: { gateway: TestGateway; client: TestClient }, url: string) {
  const response = await signedInject(setup.gateway, setup.client, { method: 'GET', url })
  if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`)
}

const walletIds = async (gateway: TestGateway) =>
  (await gateway.app.db.select({ walletId: wallets.walletId }).from(wallets)).map((row) => row.walletId)
const emptyWalletIds = await walletIds(empty.gateway)
const fullPageWalletIds = await walletIds(fullPage.gateway)
const busyWalletIds = await walletIds(busy.gateway)

// The cursor after the wallet's 99,900th account: the last page of 100.
const lastPage = encodeCursor({
  orderBy: 'createdAt',
  desc: false,
  value: new Date(Date.parse('2026-01-01T00:00:00Z') + (accountCount - 100)).toISOString(),
  id: `acc-${accountCount - 100}`,
})

describe('GET /v1/provider/wallets, one wallet holding 100,000 accounts', () => {
  bench(
    'empty-ish database (baseline)',
    async () => {
      await list(empty, '/v1/provider/wallets')
    },
    options,
  )
  bench(
    `${walletAccountsLimit} accounts: the same body`,
    async () => {
      await list(fullPage, '/v1/provider/wallets')
    },
    options,
  )
  bench(
    '100,000 accounts',
    async () => {
      await list(busy, '/v1/provider/wallets')
    },
    options,
  )
})

describe('accountsOfWallets: the nested reads of a wallet page', () => {
  bench(
    'empty-ish database (baseline)',
    async () => {
      await accountsOfWallets(empty.gateway.app.db, emptyWalletIds)
    },
    options,
  )
  bench(
    `${walletAccountsLimit} accounts: the same rows`,
    async () => {
      await accountsOfWallets(fullPage.gateway.app.db, fullPageWalletIds)
    },
    options,
  )
  bench(
    '100,000 accounts',
    async () => {
      await accountsOfWallets(busy.gateway.app.db, busyWalletIds)
    },
    options,
  )
})

describe('GET /v1/provider/accounts?walletId=…&limit=100 on the 100,000-account wallet', () => {
  bench(
    'first page (baseline)',
    async () => {
      await list(busy, `/v1/provider/accounts?walletId=${bigWalletId}&limit=100`)
    },
    options,
  )
  bench(
    'last page',
    async () => {
      await list(busy, `/v1/provider/accounts?walletId=${bigWalletId}&limit=100&cursor=${lastPage}`)
    },
    options,
  )
})
