// `pnpm bench`, the scale section of #24: a first page of one row (the same body whatever the table holds) from each
// list endpoint for a client with 100,000 stored rows of its own in each table (wallets, accounts, addresses, known destinations, and connections: 100,000 revoked
// ones beside its active one, as years of rotated credentials leave), each as a ratio to the same request on an
// empty database (the client's one local connection and what it synced). Both gateways run without the PGlite read
// cache, so each request runs its queries: what is measured is whether they stay flat as the tables grow. A create
// at 100,000 stored requests is limitTotals.bench.ts's.
import { sql } from 'drizzle-orm'
import { bench, describe } from 'vitest'
import {
  createTestConnection,
  registerTestClient,
  signedInject,
  startTestGateway,
  type TestClient,
  type TestGateway,
} from '../test/support/testGateway'

const rows = 100_000
const options = { time: 1500, warmupTime: 300 }

async function seed(gateway: TestGateway, clientId: string, connectionId: string) {
  const { db } = gateway.database
  const at = sql`timestamptz '2026-01-01T00:00:00Z'`
  const series = sql`generate_series(1, ${rows}::int) as i`
  await db.execute(sql`insert into connections
    (connection_id, client_id, provider, label, url, status, credentials, created_at, updated_at, revoked_at)
    select 'old-conn-' || i, ${clientId}, 'local', null, null, 'revoked', null, ${at} + i * interval '1 ms',
      ${at}, ${at} from ${series}`)
  await db.execute(sql`insert into wallets
    (wallet_id, client_id, connection_id, provider, external_id, label, created_at, updated_at)
    select 'w-' || i, ${clientId}, ${connectionId}, 'local', 'w-ext-' || i, null, ${at} + i * interval '1 ms', ${at}
    from ${series}`)
  await db.execute(sql`insert into accounts
    (account_id, wallet_id, client_id, connection_id, provider, external_id, label, network_id, created_at,
     updated_at)
    select 'a-' || i, 'w-' || i, ${clientId}, ${connectionId}, 'local', 'a-ext-' || i, null, 'ETHEREUM',
      ${at} + i * interval '1 ms', ${at} from ${series}`)
  await db.execute(sql`insert into addresses
    (address_id, account_id, client_id, connection_id, provider, external_id, address, created_at, updated_at)
    select 'adr-' || i, 'a-' || i, ${clientId}, ${connectionId}, 'local', 'adr-ext-' || i,
      '0x' || lpad(to_hex(i), 40, '0'), ${at} + i * interval '1 ms', ${at} from ${series}`)
  await db.execute(sql`insert into known_destinations
    (known_destination_id, client_id, connection_id, provider, source, label, external_id, address, network_id,
     created_at)
    select 'kd-' || i, ${clientId}, ${connectionId}, 'local', 'provider', null, 'kd-ext-' || i,
      '0x' || lpad(to_hex(i), 40, '0'), 'ETHEREUM', ${at} + i * interval '1 ms' from ${series}`)
  await db.execute(sql`analyze`)
}

async function setUp(seeded: boolean) {
  const gateway = await startTestGateway({}, { withoutReadCache: true })
  // EdDSA: the cheapest signature to check, so the reads weigh more in what is measured.
  const client = await registerTestClient(gateway, ['EdDSA'])
  const { connectionId } = await createTestConnection(gateway, client)
  if (seeded) await seed(gateway, client.clientId, connectionId)
  return { gateway, client, connectionId }
}

const empty = await setUp(false)
const full = await setUp(true)

async function get(setup: { gateway: TestGateway; client: TestClient }, url: string, headers = {}) {
  const response = await signedInject(setup.gateway, setup.client, { method: 'GET', url, headers })
  if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`)
}

const lists: { name: string; url: string; connectionHeader?: boolean }[] = [
  { name: 'GET /v1/provider/wallets', url: '/v1/provider/wallets?limit=1' },
  {
    name: 'GET /v1/provider/wallets (x-connection-id)',
    url: '/v1/provider/wallets?limit=1',
    connectionHeader: true,
  },
  { name: 'GET /v1/provider/accounts', url: '/v1/provider/accounts?limit=1' },
  { name: 'GET /v1/provider/addresses', url: '/v1/provider/addresses?limit=1' },
  { name: 'GET /v1/provider/known-destinations', url: '/v1/provider/known-destinations?limit=1' },
  { name: 'GET /v1/provider/connections', url: '/v1/provider/connections?limit=1' },
]

for (const { name, url, connectionHeader } of lists) {
  describe(`${name}, first page: ${rows.toLocaleString('en')} rows against none`, () => {
    const headers = (setup: typeof empty) =>
      connectionHeader ? { 'x-connection-id': setup.connectionId } : {}
    bench('empty database (baseline)', () => get(empty, url, headers(empty)), options)
    bench(`${rows.toLocaleString('en')} stored rows`, () => get(full, url, headers(full)), options)
  })
}
