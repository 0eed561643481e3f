// The CPU time of a list request at 100,000 rows against an empty database, with the two gateways interleaved, so a
// burst of other work on a shared machine lands on both alike (listsAtScale.bench.ts runs one row after the other,
// 1.5 s each, and its ratios move with such bursts). Per round and gateway: 1,000 presigned signed GETs through
// inject, then 1,000 runs of the list's query alone; process.cpuUsage over each. Without the read cache, as the bench.
// From packages/gateway:
//   node --import tsx --conditions @rampart/source bench/listsAtScaleCpu.ts [url] [rounds]
import { sql } from 'drizzle-orm'
import { openDatabase } from '../src/core/database/openDatabase'
import {
  createTestConnection,
  gatewayOn,
  presignedGets,
  registerTestClient,
  testConfig,
} from '../test/support/testGateway'
import { seed } from './listsAtScaleSeed'

const url = process.argv[2] ?? '/v1/provider/connections?limit=1'
const rounds = Number(process.argv[3] ?? 3)
const perRound = 1000

// startTestGateway's gateway, built here: its template database comes from vitest, which does not run this.
async function setUp(seeded: boolean) {
  const database = await openDatabase({})
  // Without the read cache, as the bench.
  const gateway = await gatewayOn(database, await testConfig(), { withoutReadCache: true })
  const client = await registerTestClient(gateway, ['EdDSA'])
  const { connectionId } = await createTestConnection(gateway, client)
  if (seeded) await seed(database, client.clientId, connectionId)
  return { gateway, client, db: database.db }
}

type Setup = Awaited<ReturnType<typeof setUp>>

async function requests(setup: Setup) {
  const jwsList = await presignedGets(url, setup.client.key.privateJwk, perRound, 'http://localhost')
  return async () => {
    for (const jws of jwsList) {
      const response = await setup.gateway.app.inject({
        method: 'GET',
        url,
        headers: { 'x-client-id': setup.client.clientId, 'detached-jws': jws },
      })
      if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`)
    }
  }
}

/** The connections list's own query, as paginate runs it for ?limit=1. */
function query(setup: Setup) {
  return async () => {
    for (let i = 0; i < perRound; i++) {
      await setup.db.execute(
        sql`select * from connections where client_id = ${setup.client.clientId} order by created_at, connection_id limit 2`,
      )
    }
  }
}

async function cpuMicrosecondsEach(run: () => Promise<void>): Promise<number> {
  const before = process.cpuUsage()
  await run()
  const used = process.cpuUsage(before)
  return (used.user + used.system) / perRound
}

const empty = await setUp(false)
const full = await setUp(true)
for (let round = 1; round <= rounds; round++) {
  const e = await cpuMicrosecondsEach(await requests(empty))
  const f = await cpuMicrosecondsEach(await requests(full))
  const eq = await cpuMicrosecondsEach(query(empty))
  const fq = await cpuMicrosecondsEach(query(full))
  console.log(
    `round ${round}: GET ${url} ${e.toFixed(0)} µs empty, ${f.toFixed(0)} µs full (${(f / e).toFixed(2)}x);` +
      ` connections query alone ${eq.toFixed(0)} µs, ${fq.toFixed(0)} µs (${(fq / eq).toFixed(2)}x)`,
  )
}
process.exit(0)
