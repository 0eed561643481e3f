// `pnpm bench`: the history a decision under limits reads, for a client with 100,000 requests older than its
// limits' window (and 100,000 of other clients), against the same query on a database without the history index
// (baseline), as the gateway had it before.
import { sql } from 'drizzle-orm'
import { bench, describe } from 'vitest'
import { openDatabase } from '../src/core/database/openDatabase'
import { loadHistory } from '../src/signing/pipeline/loadHistory'

async function busyDatabase(withIndex: boolean) {
  const { db } = await openDatabase({})
  // Rows only: no client or connection rows to refer to.
  await db.execute(sql`set session_replication_role = replica`)
  await db.execute(sql`insert into signing_requests
    select 'r' || i, 'q' || i, 'evm.sendTransaction', case when i % 2 = 0 then 'busy' else 'c' || (i % 50) end,
      'conn', 'local', 'i' || i, 'h', 'signed', 'p', '{}'::jsonb, null, null, '[]'::jsonb, null, null,
      '[{"amount":"1","timestamp":1}]'::jsonb, now() - interval '2 days', now() - interval '2 days'
    from generate_series(1, 200000) as i`)
  if (!withIndex) await db.execute(sql`drop index signing_requests_client_history_idx`)
  await db.execute(sql`analyze signing_requests`)
  return db
}

const indexed = await busyDatabase(true)
const unindexed = await busyDatabase(false)
const since = () => Math.floor(Date.now() / 1000) - 86_400

describe('history of a client with 100,000 requests outside its limits’ window', () => {
  bench('without the history index (baseline)', async () => {
    await loadHistory(unindexed, 'busy', since())
  })
  bench('loadHistory', async () => {
    await loadHistory(indexed, 'busy', since())
  })
})
