// The server side of `pnpm bench:gateway`, run in its own process so the load generator does not share its
// event loop: the gateway (in-memory PGlite, the local provider) with one registered client, and a bare fastify
// route beside it as the baseline. The gateway logs as in production (JSON at `info`, one line per request, written
// in batches), to /dev/null. Prints one JSON line with the addresses and the client's key, then serves until its
// parent closes stdin. `GET /cpu` on the bare server reports this process's CPU time, its event loop's busy time
// and its main thread's time on a core, so the bench can show the CPU cost of a request, which a machine shared
// with other work does not distort as much as the request rate, and how much of it only the event loop can do.
import { openSync, readFileSync } from 'node:fs'
import Fastify from 'fastify'
import { replayStoreKind } from '../src/auth/authPlugin'
import type { ReplayStoreKind } from '../src/auth/replayStore'
import { generateSigningJwk } from '../src/core/crypto/generateSigningJwk'
import { openDatabase } from '../src/core/database/openDatabase'
import { bufferedLogDestination } from '../src/core/logging/bufferedLogDestination'
import { redactedPaths } from '../src/core/logging/logRedaction'
import { requestFixture, usdtSender } from '../test/support/requestFixtures'
import { policy } from '../test/support/signingClient'
import { createTestConnection, gatewayOn, registerTestClient, testConfig } from '../test/support/testGateway'

const attestationAlg = process.env.BENCH_ATTESTATION === 'ES256K' ? 'ES256K' : 'EdDSA'
const replayStore = process.env.BENCH_REPLAY_STORE as ReplayStoreKind | undefined
const logLevel = process.env.BENCH_LOG_LEVEL ?? 'info'
// Built on a database of its own: startTestGateway's template database comes from vitest, which does not run this.
const config = await testConfig({
  attestationKey: (await generateSigningJwk(attestationAlg, 'bench-attestation')).privateJwk,
  logLevel,
  ...(replayStore ? { replayStore } : {}),
})
const gateway = await gatewayOn(await openDatabase(config.database), config, {
  logger: {
    level: logLevel,
    redact: { paths: redactedPaths, censor: '[redacted]' },
    stream: bufferedLogDestination(openSync('/dev/null', 'w')).stream,
  },
})
const entities = requestFixture('entities.json')
const clientAlg = (process.env.BENCH_CLIENT_ALG ?? 'EdDSA') as 'EdDSA' | 'ES256' | 'ES256K' | 'RS256'
const probe = await registerTestClient(gateway, [clientAlg])
const key = probe.key
entities.users.push({ id: 'bench-user', role: 'member' })
entities.credentials.push({ id: key.publicJwk.kid, userId: 'bench-user', key: key.publicJwk })
entities.accounts.push(usdtSender())
const permit = policy('permit-erc20', 'permit', [{ criterion: 'checkIntentType', args: ['erc20Transfer'] }])
const client = await registerTestClient(gateway, [], {
  publicKeys: [key.publicJwk],
  entities,
  policies: [permit],
  presets: ['erc20-address-book-only'],
})
const benchClient = { ...client, keys: [key], key }
const connection = await createTestConnection(gateway, benchClient)
const gatewayUrl = await gateway.app.listen({ host: '127.0.0.1', port: 0 })

/**
 * Microseconds the main thread has run on a core (Linux's scheduler statistics; null elsewhere). Unlike the event
 * loop's busy time, it leaves out the time the thread was ready but waiting for a core, so it is the event loop's
 * own cost per request even when other work shares the machine.
 */
function mainThreadOnCpuMicroseconds(): number | null {
  try {
    return Number(readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[0]) / 1000
  } catch {
    return null
  }
}

const bare = Fastify({ logger: false })
bare.post('/bare', async () => ({ ok: true }))
bare.get('/bare', async () => ({ ok: true }))
bare.get('/cpu', async () => ({
  ...process.cpuUsage(),
  // Milliseconds the event loop was busy since the process started: the part of the work no thread pool shares.
  eventLoopActive: performance.eventLoopUtilization().active,
  mainThreadOnCpu: mainThreadOnCpuMicroseconds(),
}))
const bareUrl = await bare.listen({ host: '127.0.0.1', port: 0 })

process.stdout.write(
  `${JSON.stringify({
    gatewayUrl,
    bareUrl,
    clientId: client.clientId,
    privateJwk: key.privateJwk,
    connectionId: connection.connectionId,
    settings: {
      clientSignatures: clientAlg,
      attestation: attestationAlg,
      replayStore: replayStoreKind(gateway.config),
      logLevel,
      threadPool: process.env.UV_THREADPOOL_SIZE ?? '4',
    },
    evaluateBody: { request: requestFixture('erc20-transfer-usdt.json').request },
  })}\n`,
)

process.stdin.resume()
process.stdin.on('end', async () => {
  await bare.close()
  await gateway.close()
  process.exit(0)
})
