// `pnpm bench`: limits at scale. A client with 100,000 permitted requests spread over the last 24 hours (and
// another client with as many), against an empty database (baseline) in the same run: the sums a decision reads
// (loadHistoryTotals) for a fixed daily window, whose hours are all whole, and a rolling 24-hour one, which also
// reads the movements of its first, partial hour (about 1/24 of the requests); and a whole create under a rolling
// 24-hour spending limit (decode, sums, evaluate, record, the local provider's signature).
import { sql } from 'drizzle-orm'
import { bench, describe } from 'vitest'
import { rebuildTotals } from '../src/signing/pipeline/limitMovements'
import { loadHistoryTotals } from '../src/signing/pipeline/loadHistory'
import { policy, type SigningSetup, sendEth, startSigningGateway } from '../test/support/signingClient'
import { registerTestClient } from '../test/support/testGateway'

const requestsInWindow = 100_000
const options = { time: 2000, warmupTime: 300 }
const rollingDay = [
  policy('rolling-day-limit', 'permit', [
    { criterion: 'checkAction', args: ['signTransaction'] },
    {
      criterion: 'checkSpendingLimit',
      args: { limit: `1${'0'.repeat(40)}`, window: { type: 'rolling', seconds: 86_400 } },
    },
  ]),
]

/** `count` permitted requests of 1 ETH to 50 destinations, one a second or so back over the last 24 hours. */
async function seed(setup: SigningSetup, clientId: string, count: number) {
  const { db } = setup.gateway.database
  const now = Math.floor(Date.now() / 1000)
  await db.execute(sql`insert into signing_requests (row_id, request_id, kind, client_id, connection_id,
      provider, idempotence_id, body_hash, status, principal, body, approvals, history, created_at, updated_at)
    select ${clientId} || '-' || i, 'seeded-' || i, 'evm.sendTransaction', ${clientId}, ${setup.connectionId},
      'local', 'seeded-' || i, 'seeded', 'signed', 'alice-key', '{}'::jsonb, '[]'::jsonb,
      '[{"amount":"1000000000000000000","timestamp":1}]'::jsonb, now(), now()
    from generate_series(1, ${count}::int) as i`)
  await db.execute(sql`insert into limit_movements (row_id, client_id, decided_at, token, chain_id, principal,
      destination, amount, request_shape)
    select ${clientId} || '-' || i, ${clientId}, ${now}::bigint - (i::bigint * 86399 / ${count}::int), 'eip155:1/slip44:60',
      1, 'alice', '0x' || lpad(to_hex(i % 50), 40, '0'), 1000000000000000000::numeric, ''
    from generate_series(1, ${count}::int) as i`)
  await rebuildTotals(db, clientId)
}

async function gatewayWithRequests(count: number) {
  const setup = await startSigningGateway({ policies: rollingDay })
  if (count > 0) {
    await seed(setup, setup.client.clientId, count)
    await seed(setup, (await registerTestClient(setup.gateway)).clientId, count)
    await setup.gateway.database.db.execute(sql`analyze`)
  }
  return setup
}

const empty = await gatewayWithRequests(0)
const busy = await gatewayWithRequests(requestsInWindow)
const now = () => Math.floor(Date.now() / 1000)
const today = () => Math.floor(now() / 86_400) * 86_400
let sequence = 0
async function create(setup: SigningSetup) {
  const response = await sendEth(setup, '1', `bench-${++sequence}`)
  if (response.statusCode !== 201) throw new Error(`create failed: ${response.body}`)
}
const sums = (setup: SigningSetup, since: number) =>
  loadHistoryTotals(setup.gateway.database.db, setup.client.clientId, [since])

describe('scale: the sums of a fixed daily window', () => {
  bench('loadHistoryTotals, empty database (baseline)', () => sums(empty, today()).then(() => {}), options)
  bench('loadHistoryTotals, 100,000 requests in 24 hours', () => sums(busy, today()).then(() => {}), options)
})

describe('scale: the sums of a rolling 24-hour window', () => {
  bench(
    'loadHistoryTotals, empty database (baseline)',
    () => sums(empty, now() - 86_399).then(() => {}),
    options,
  )
  bench(
    'loadHistoryTotals, 100,000 requests in 24 hours',
    () => sums(busy, now() - 86_399).then(() => {}),
    options,
  )
})

describe('scale: a create under a rolling 24-hour spending limit', () => {
  bench('create, empty database (baseline)', () => create(empty), options)
  bench('create, 100,000 requests in 24 hours', () => create(busy), options)
})
