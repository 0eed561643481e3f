// A profiling aid (not a bench): builds the gateway as bench/signedRead.bench.ts does and injects presigned signed
// reads one after another, with the CPU profiler on for those requests only (not the start or the signing), so
// the profile shows where a signed read spends its time. In-memory PGlite, or PGLITE_DIR=<a new directory> (and
// REPLAY_STORE=database for the table of seen signatures instead of the journal), or DATABASE_URL. From packages/gateway:
//   node --import tsx --conditions @rampart/source bench/profileSignedRead.ts [count] [url] [out.cpuprofile]
import { writeFileSync } from 'node:fs'
import { Session } from 'node:inspector/promises'
import { openDatabase } from '../src/core/database/openDatabase'
import {
  createTestConnection,
  gatewayOn,
  presignedGets,
  registerTestClient,
  testConfig,
} from '../test/support/testGateway'

const count = Number(process.argv[2] ?? 5000)
const url = process.argv[3] ?? '/v1/provider/wallets'
// startTestGateway's gateway, built here: its template database comes from vitest, which does not run this.
const config = await testConfig(
  process.env.DATABASE_URL
    ? { database: { url: process.env.DATABASE_URL } }
    : process.env.PGLITE_DIR
      ? {
          database: { dataDir: process.env.PGLITE_DIR },
          ...(process.env.REPLAY_STORE === 'database' ? { replayStore: 'database' as const } : {}),
        }
      : {},
)
const gateway = await gatewayOn(await openDatabase(config.database), config, { lockAcrossGateways: true })
const client = await registerTestClient(gateway, ['EdDSA'])
const { connectionId } = await createTestConnection(gateway, client)
const signatures = await presignedGets(url, client.key.privateJwk, count)
const headers = { host: 'localhost', 'x-client-id': client.clientId, 'x-connection-id': connectionId }
const profileTo = process.argv[4]
const session = new Session()
if (profileTo) {
  session.connect()
  await session.post('Profiler.enable')
  await session.post('Profiler.start')
}
const started = performance.now()
for (const jws of signatures) {
  const response = await gateway.app.inject({
    method: 'GET',
    url,
    headers: { ...headers, 'detached-jws': jws },
  })
  if (response.statusCode !== 200) throw new Error(`${response.statusCode} ${response.body}`)
}
const seconds = (performance.now() - started) / 1000
console.log(`${count} signed GET ${url}: ${Math.round(count / seconds)} req/s`)
if (profileTo) writeFileSync(profileTo, JSON.stringify((await session.post('Profiler.stop')).profile))
await gateway.close()
