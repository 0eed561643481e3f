// `pnpm bench`: what a signed read costs in process (fastify inject, in-memory PGlite), against a bare fastify route
// (the baseline), the gateway's unauthenticated GET /health (one `select 1`) and a signed read of the catalogue.
// Every signed request carries its own detached JWS (each is accepted once), signed before the bench, off the clock.
// The ratios say where a signed wallet list spends its time: authentication (networks against health), and the
// connection-bound reads (wallets against networks). On PGlite those come from the gateway's read cache (kept until
// its next write); the last row reads the same wallets from a gateway without it, so each read runs its PGlite
// queries on the event loop (the figure before the cache). The row before it is the same read from a gateway on
// PGlite on disk, as `pnpm start` runs one: there every accepted signature is also remembered across restarts (the
// journal of src/auth/journalReplayStore.ts), where in memory nothing survives a restart.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Fastify from 'fastify'
import { afterAll, bench, describe } from 'vitest'
import { openDatabase } from '../src/core/database/openDatabase'
import {
  createTestConnection,
  gatewayOn,
  presignedGets,
  registerTestClient,
  startTestGateway,
  type TestGateway,
  testConfig,
} from '../test/support/testGateway'

const options = { time: 2000, warmupTime: 300 }
/** Signatures made ahead for each signed row: more than it can run in its time on this machine. */
const presigned = Number(process.env.BENCH_PRESIGNED ?? 20_000)

const gateway = await startTestGateway()
const uncached = await startTestGateway({}, { withoutReadCache: true })
// EdDSA: the cheapest signature to check, so the reads weigh more in what is measured.
const client = await registerTestClient(gateway, ['EdDSA'])
const { connectionId } = await createTestConnection(gateway, client)
const uncachedClient = await registerTestClient(uncached, ['EdDSA'])
const { connectionId: uncachedConnectionId } = await createTestConnection(uncached, uncachedClient)
/** A gateway on PGlite in a new directory, with its read cache, as bin/start.ts builds one. */
async function startOnDiskGateway(dataDir: string): Promise<TestGateway> {
  const config = await testConfig({ database: { dataDir } })
  return gatewayOn(await openDatabase(config.database), config)
}
const onDiskDir = mkdtempSync(join(tmpdir(), 'rampart-bench-pglite-'))
const onDisk = await startOnDiskGateway(onDiskDir)
const onDiskClient = await registerTestClient(onDisk, ['EdDSA'])
const { connectionId: onDiskConnectionId } = await createTestConnection(onDisk, onDiskClient)
afterAll(async () => {
  await onDisk.close()
  rmSync(onDiskDir, { recursive: true, force: true })
})

const bare = Fastify({ logger: false })
bare.get('/bare', async () => ({ ok: true }))
await bare.ready()

const signatures = (url: string, privateJwk = client.key.privateJwk) =>
  presignedGets(url, privateJwk, presigned)

function signedGet(
  url: string,
  jwsList: string[],
  headers: Record<string, string> = {},
  target: { gateway: typeof gateway; clientId: string } = { gateway, clientId: client.clientId },
) {
  let next = 0
  return async () => {
    const jws = jwsList[next++]
    // Reusing one would measure the replay refusal instead: fail loudly.
    if (jws === undefined)
      throw new Error(`${url}: the ${presigned} presigned requests ran out; raise BENCH_PRESIGNED`)
    const response = await target.gateway.app.inject({
      method: 'GET',
      url,
      headers: { host: 'localhost', 'x-client-id': target.clientId, 'detached-jws': jws, ...headers },
    })
    if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`)
  }
}

const networksUrl = '/v1/provider/networks?limit=1'
const walletsUrl = '/v1/provider/wallets'
const networks = signedGet(networksUrl, await signatures(networksUrl))
const walletList = signedGet(walletsUrl, await signatures(walletsUrl), { 'x-connection-id': connectionId })
const onDiskWalletList = signedGet(
  walletsUrl,
  await signatures(walletsUrl, onDiskClient.key.privateJwk),
  { 'x-connection-id': onDiskConnectionId },
  { gateway: onDisk, clientId: onDiskClient.clientId },
)
const uncachedWalletList = signedGet(
  walletsUrl,
  await signatures(walletsUrl, uncachedClient.key.privateJwk),
  { 'x-connection-id': uncachedConnectionId },
  { gateway: uncached, clientId: uncachedClient.clientId },
)

describe('a signed read against a bare route, in process', () => {
  bench(
    'bare fastify GET /bare (baseline)',
    async () => {
      const response = await bare.inject({ method: 'GET', url: '/bare' })
      if (response.statusCode !== 200) throw new Error(response.body)
    },
    options,
  )
  bench(
    'GET /health (unsigned, one select 1)',
    async () => {
      const response = await gateway.app.inject({ method: 'GET', url: '/health' })
      if (response.statusCode !== 200) throw new Error(response.body)
    },
    options,
  )
  bench(`signed GET ${networksUrl}`, networks, options)
  bench(`signed GET ${walletsUrl} (x-connection-id)`, walletList, options)
  bench(`signed GET ${walletsUrl} (x-connection-id), PGlite on disk`, onDiskWalletList, options)
  bench(`signed GET ${walletsUrl} (x-connection-id), no read cache`, uncachedWalletList, options)
})
