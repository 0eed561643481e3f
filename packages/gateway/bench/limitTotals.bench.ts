// `pnpm bench`: limits at scale. The sums a decision under limits reads (loadHistoryTotals) and a whole create
// under a daily spending limit (decode, sums, evaluate, record, local provider's signature), each for a client
// with 100,000 permitted requests inside its limit's window (and 100,000 of another client), against the same
// operation at an empty database (baseline) in the same run. The sums grow with the requests of the window
// (PostgreSQL adds them up through the (client, decided_at) index), not with the number of kinds of movement alone.
import { sql } from 'drizzle-orm'
import { bench, describe } from 'vitest'
import { loadHistoryTotals } from '../src/signing/pipeline/loadHistory'
import { policy, sendEth, startSigningGateway } from '../test/support/signingClient'

const requestsInWindow = 100_000
const options = { time: 2000, warmupTime: 300 }
const dailyLimit = [
  policy('daily-limit', 'permit', [
    { criterion: 'checkAction', args: ['signTransaction'] },
    {
      criterion: 'checkSpendingLimit',
      args: { limit: `1${'0'.repeat(40)}`, window: { type: 'fixed', period: 'day' } },
    },
  ]),
]

/** A signing gateway whose client has `count` permitted requests of 1 ETH today, to 50 destinations. */
async function gatewayWithRequests(count: number) {
  const setup = await startSigningGateway({ policies: dailyLimit })
  const { db } = setup.gateway.database
  if (count > 0) {
    const now = Math.floor(Date.now() / 1000)
    const day = Math.floor(now / 86_400) * 86_400
    for (const clientId of [setup.client.clientId, 'other-client']) {
      // Another client's rows without a client row of its own: no foreign key checks while seeding.
      await db.transaction(async (tx) => {
        await tx.execute(sql`set local session_replication_role = replica`)
        await tx.execute(sql`insert into signing_requests (row_id, request_id, kind, client_id, connection_id,
          provider, idempotence_id, body_hash, status, principal, body, approvals, history, created_at, updated_at)
        select ${clientId} || '-' || i, 'seeded-' || i, 'evm.sendTransaction', ${clientId}, ${setup.connectionId},
          'local', 'seeded-' || i, 'seeded', 'signed', 'alice-key', '{}'::jsonb, '[]'::jsonb,
          '[{"amount":"1000000000000000000","timestamp":1}]'::jsonb, now(), now()
        from generate_series(1, ${count}::int) as i`)
        await tx.execute(sql`insert into limit_movements (row_id, client_id, decided_at, token, chain_id, principal,
          destination, amount, request_shape)
        select ${clientId} || '-' || i, ${clientId}, ${day}::bigint + (i % ${now - day + 1}::int), 'eip155:1/slip44:60', 1,
          'alice', '0x' || lpad(to_hex(i % 50), 40, '0'), 1000000000000000000::numeric, ''
        from generate_series(1, ${count}::int) as i`)
      })
    }
    await db.execute(sql`analyze`)
  }
  return setup
}

const empty = await gatewayWithRequests(0)
const busy = await gatewayWithRequests(requestsInWindow)
const today = () => Math.floor(Date.now() / 1000 / 86_400) * 86_400
let sequence = 0
async function create(setup: typeof empty) {
  const response = await sendEth(setup, '1', `bench-${++sequence}`)
  if (response.statusCode !== 201) throw new Error(`create failed: ${response.body}`)
}

describe('scale: the sums of a daily limit', () => {
  bench(
    'loadHistoryTotals, empty database (baseline)',
    async () => {
      await loadHistoryTotals(empty.gateway.database.db, empty.client.clientId, [today()])
    },
    options,
  )
  bench(
    'loadHistoryTotals, 100,000 requests in the window',
    async () => {
      await loadHistoryTotals(busy.gateway.database.db, busy.client.clientId, [today()])
    },
    options,
  )
})

describe('scale: a create under a daily spending limit', () => {
  bench('create, empty database (baseline)', () => create(empty), options)
  bench('create, 100,000 requests in the window', () => create(busy), options)
})
