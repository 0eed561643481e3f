import { asc, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { accounts } from '../src/core/database/schema'
import { clientScopeCondition } from '../src/resources/clientScope'
import { createTestConnection } from './support/testGateway'
import { useTestClient, useTestGateway } from './support/useTestGateway'

// Timings are the bench's (listsAtScale.bench.ts); this checks the plan that keeps a page flat. With one active
// connection among many revoked ones, `connection_id in (select …)` made the planner expect a handful of rows and
// sort the client's whole table for every page.
const gateway = useTestGateway()
const alice = useTestClient(gateway, ['EdDSA'])
const rows = 20_000

beforeAll(async () => {
  const { connectionId } = await createTestConnection(gateway, alice)
  const { db } = gateway.database
  const at = sql`timestamptz '2026-01-01T00:00:00Z'`
  const series = sql`generate_series(1, ${rows}::int) as i`
  await db.execute(sql`insert into connections
    (connection_id, client_id, provider, status, created_at, updated_at, revoked_at)
    select 'old-' || i, ${alice.clientId}, 'local', 'revoked', ${at}, ${at}, ${at} from ${series}`)
  await db.execute(sql`insert into wallets (wallet_id, client_id, connection_id, provider, external_id, created_at,
    updated_at) values ('plan-wallet', ${alice.clientId}, ${connectionId}, 'local', 'plan-wallet', ${at}, ${at})`)
  await db.execute(sql`insert into accounts
    (account_id, wallet_id, client_id, connection_id, provider, external_id, network_id, created_at, updated_at)
    select 'plan-' || i, 'plan-wallet', ${alice.clientId}, ${connectionId}, 'local', 'plan-' || i, 'ETHEREUM',
      ${at} + i * interval '1 ms', ${at} from ${series}`)
  await db.execute(sql`analyze`)
})

describe('a read across all of a client’s connections', () => {
  it('reads a page through the (client, createdAt) index, never sorting the client’s rows', async () => {
    const { db } = gateway.database
    const page = db
      .select()
      .from(accounts)
      .where(clientScopeCondition(db, alice.clientId, undefined, accounts))
      .orderBy(asc(accounts.createdAt), asc(accounts.accountId))
      .limit(101)
      .toSQL()
    const plan = (await db.execute(sql.raw(`explain ${inline(page.sql, page.params)}`))) as unknown as {
      rows: { 'QUERY PLAN': string }[]
    }
    const text = plan.rows.map((row) => row['QUERY PLAN']).join('\n')
    expect(text).toMatch(/Index Scan using accounts_client_created_idx/)
    expect(text).not.toMatch(/Seq Scan on accounts|Sort Key/)
    // The active connections are found without walking the revoked ones.
    expect(text).toMatch(/connections_client_active_idx/)
  })
})

/** The statement with its parameters written in (EXPLAIN takes no bind parameters here). */
function inline(statement: string, params: unknown[]): string {
  return statement.replace(
    /\$(\d+)/g,
    (_, n: string) => `'${String(params[Number(n) - 1]).replaceAll("'", "''")}'`,
  )
}
