// `pnpm bench:gateway`: autocannon against POST /evaluate and a signed GET /v1/provider/wallets, next to a bare
// fastify route measured in the same run. Every gateway request carries its own detached JWS (a request is accepted
// once), so the signatures are made before each run, off the clock. Beside the rate and latency, each row shows
// the server's CPU time per request (user + system, all threads, over the run), the figure least distorted when
// other work shares the machine, the event loop's busy time per request, and the main thread's own time on a core
// per request (Linux): request signature checks and attestations run on other threads (Ed25519 ones on the
// gateway's Ed25519 thread, the others in libuv's thread pool), so the main thread's share is what bounds the rate
// once a second core is free, and its on-CPU time leaves out waits for a core that the busy time counts.
// /evaluate is measured at several concurrencies, and its capacity is the best rate with p99 within 25 ms.
// Settings: BENCH_DURATION, BENCH_CONNECTIONS, BENCH_EVALUATE_CONNECTIONS (a comma-separated list), BENCH_ONLY (a
// row name fragment), BENCH_CLIENT_ALG (the client's request signatures: EdDSA, ES256, ES256K or RS256),
// BENCH_ATTESTATION (ES256K or EdDSA), BENCH_REPLAY_STORE (memory or database), BENCH_LOG_LEVEL,
// UV_THREADPOOL_SIZE (default: the number of cores), BENCH_SERVER_NODE_FLAGS.
import { spawn } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { availableParallelism, loadavg } from 'node:os'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'
import type { JWK } from 'jose'
import { signRequest } from '../src/auth/signRequest'

type ServerInfo = {
  gatewayUrl: string
  bareUrl: string
  clientId: string
  privateJwk: JWK
  connectionId: string
  evaluateBody: unknown
  settings: Record<string, string>
}

const durationSeconds = Number(process.env.BENCH_DURATION ?? 10)
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32)
/**
 * /evaluate runs at several concurrencies: more connections in flight raise the rate until the server is busy, and
 * then only the latency. Its capacity is the best rate whose p99 stays within the goal's 25 ms.
 */
const evaluateConnections = (process.env.BENCH_EVALUATE_CONNECTIONS ?? '16,32,48,64').split(',').map(Number)
/** Requests signed ahead of a run: enough for well above the goal rate (fewer if signing would take too long). */
const presignedPerSecond = Number(process.env.BENCH_PRESIGNED_PER_SECOND ?? 8000)
const goal = { rps: 5000, p99: 25 }

async function startServer(): Promise<{ info: ServerInfo; stop: () => void }> {
  const script = fileURLToPath(new URL('./loadServer.ts', import.meta.url))
  const child = spawn(
    process.execPath,
    [
      ...(process.env.BENCH_SERVER_NODE_FLAGS?.split(' ') ?? []),
      '--import',
      'tsx',
      '--conditions',
      '@rampart/source',
      script,
    ],
    {
      stdio: ['pipe', 'pipe', 'inherit'],
      // As the gateway should be deployed: libuv's thread pool (ECDSA and RSA signature checks, ES256K attestations)
      // sized to the cores, not to its default of 4 threads, which on 2 cores spend their time switching.
      env: {
        ...process.env,
        UV_THREADPOOL_SIZE: process.env.UV_THREADPOOL_SIZE ?? String(availableParallelism()),
      },
    },
  )
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', resolve)
    child.once('exit', (code) => reject(new Error(`The bench server exited (${code})`)))
  })
  return { info: JSON.parse(line) as ServerInfo, stop: () => child.stdin!.end() }
}

/**
 * Signs `count` requests to sign-and-send right away: they all carry the `created` time of the moment signing
 * ends (the gateway accepts ±60 s), so the whole run stays inside the window.
 */
async function signAll(info: ServerInfo, target: Target, count: number) {
  const url = `${info.gatewayUrl}${target.path}`
  const sign = (created: number) =>
    signRequest({
      method: target.method,
      url,
      privateJwk: info.privateJwk,
      created,
      jti: randomUUID(),
      ...(target.body === undefined ? {} : { body: target.body }),
    })
  const probeStart = performance.now()
  for (let i = 0; i < 200; i++) await sign(0)
  const perSignatureMs = (performance.now() - probeStart) / 200
  const signingSeconds = Math.ceil((count * perSignatureMs) / 1000)
  if (signingSeconds + durationSeconds > 50) {
    count = Math.floor(((50 - durationSeconds) * 1000) / perSignatureMs)
  }
  const created = Math.floor(Date.now() / 1000) + Math.ceil((count * perSignatureMs) / 1000)
  const out: string[] = new Array(count)
  for (let i = 0; i < count; i++) out[i] = await sign(created)
  return out
}

type Target = {
  name: string
  /** Connections kept busy; the default is BENCH_CONNECTIONS. */
  connections?: number
  url: string
  method: 'GET' | 'POST'
  path: string
  body?: string
  headers: Record<string, string>
  signatures?: string[]
}

/** The server's CPU time (all threads) and its event loop's busy time, in microseconds since it started. */
async function serverTimes(info: ServerInfo): Promise<{ cpu: number; loop: number; onCpu: number | null }> {
  const usage = (await (await fetch(`${info.bareUrl}/cpu`)).json()) as NodeJS.CpuUsage & {
    eventLoopActive: number
    mainThreadOnCpu: number | null
  }
  return { cpu: usage.user + usage.system, loop: usage.eventLoopActive * 1000, onCpu: usage.mainThreadOnCpu }
}

async function run(info: ServerInfo, target: Target, seconds: number) {
  if (target.url === info.gatewayUrl)
    target.signatures = await signAll(info, target, presignedPerSecond * seconds)
  let next = 0
  const before = await serverTimes(info)
  const generatorBefore = process.cpuUsage()
  const result = await autocannon({
    url: target.url,
    connections: target.connections ?? connections,
    duration: seconds,
    requests: [
      {
        method: target.method,
        path: target.path,
        headers: target.headers,
        ...(target.body === undefined ? {} : { body: target.body }),
        ...(target.signatures
          ? {
              setupRequest: (request: autocannon.Request) => {
                const jws = target.signatures![next++ % target.signatures!.length]!
                return { ...request, headers: { ...request.headers, 'detached-jws': jws } }
              },
            }
          : {}),
      },
    ],
  })
  const generator = process.cpuUsage(generatorBefore)
  const after = await serverTimes(info)
  if (target.signatures && next > target.signatures.length) {
    console.warn(`${target.name}: ran out of signatures (${next} requests); later ones were replays`)
  }
  return {
    target: target.name,
    connections: target.connections ?? connections,
    'req/s': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    'server CPU µs/req': Math.round((after.cpu - before.cpu) / Math.max(1, result.requests.total)),
    'event loop µs/req': Math.round((after.loop - before.loop) / Math.max(1, result.requests.total)),
    'main thread on-CPU µs/req':
      after.onCpu === null || before.onCpu === null
        ? 'n/a'
        : Math.round((after.onCpu - before.onCpu) / Math.max(1, result.requests.total)),
    'autocannon CPU µs/req': Math.round(
      (generator.user + generator.system) / Math.max(1, result.requests.total),
    ),
    'non-2xx': result.non2xx,
    errors: result.errors + result.timeouts,
    requests: result.requests.total,
  }
}

const { info, stop } = await startServer()
try {
  const evaluateBody = JSON.stringify(info.evaluateBody)
  const clientHeaders = { 'x-client-id': info.clientId }
  const targets: Target[] = [
    {
      name: 'bare fastify POST /bare',
      url: info.bareUrl,
      method: 'POST',
      path: '/bare',
      body: evaluateBody,
      headers: { 'content-type': 'application/json' },
    },
    ...evaluateConnections.map(
      (count): Target => ({
        name: 'POST /evaluate',
        connections: count,
        url: info.gatewayUrl,
        method: 'POST',
        path: '/evaluate',
        body: evaluateBody,
        headers: { ...clientHeaders, 'content-type': 'application/json' },
      }),
    ),
    {
      name: 'GET /v1/provider/wallets (signed)',
      url: info.gatewayUrl,
      method: 'GET',
      path: '/v1/provider/wallets',
      headers: { ...clientHeaders, 'x-connection-id': info.connectionId },
    },
  ]
  const only = process.env.BENCH_ONLY
  const rows = []
  console.log(
    `server: ${JSON.stringify(info.settings)}; load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  )
  for (const target of targets.filter((t) => !only || t.name === targets[0]!.name || t.name.includes(only))) {
    await run(info, target, 2) // warm-up: JIT, caches, the client's evaluator
    rows.push(await run(info, target, durationSeconds))
  }
  const bare = rows[0]!['req/s']
  console.table(rows.map((row) => ({ ...row, 'vs bare': `${((row['req/s'] / bare) * 100).toFixed(1)}%` })))
  const withinLatency = rows.filter((row) => row.target === 'POST /evaluate' && row['p99 ms'] <= goal.p99)
  const best = withinLatency.sort((a, b) => b['req/s'] - a['req/s'])[0]
  if (rows.some((row) => row.target === 'POST /evaluate')) {
    console.log(
      best
        ? `/evaluate capacity at p99 ≤ ${goal.p99} ms: ${best['req/s']} req/s (p99 ${best['p99 ms']} ms, ${best.connections} connections, ${durationSeconds} s); goal ≥ ${goal.rps} req/s: ${best['req/s'] >= goal.rps ? 'met' : 'not met'}`
        : `/evaluate: no concurrency kept p99 within ${goal.p99} ms; goal not met`,
    )
  }
} finally {
  stop()
}
