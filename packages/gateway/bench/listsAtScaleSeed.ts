// The rows of the scale section's lists (listsAtScale.bench.ts, listsAtScaleCpu.ts): for one client, 100,000 of its
// own in each table (wallets, accounts, addresses, known destinations) and 100,000 revoked connections beside its
// active one, as years of rotated credentials leave.
import { sql } from 'drizzle-orm'
import type { OpenDatabase } from '../src/core/database/openDatabase'

export const rows = 100_000

export async function seed(database: OpenDatabase, clientId: string, connectionId: string) {
  const { db } = database
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
