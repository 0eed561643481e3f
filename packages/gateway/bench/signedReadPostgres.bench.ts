// `pnpm bench` with DATABASE_URL set (skipped otherwise): a signed read on PostgreSQL against POST /evaluate on the
// same gateway, in process (fastify inject), one request after another, so the rows compare what each request costs
// end to end. Goal (#24): the signed wallet list within 10x of the /evaluate rate. On PostgreSQL the gateway keeps
// no read cache (other gateways may write), and replays are remembered in the database: every signed request
// INSERTs its signature, and the wallet list runs its queries (the page with its scope, the nested accounts and
// their addresses). A bare fastify route is the baseline, as in signedRead.bench.ts (the same reads on PGlite).
import { randomUUID } from 'node:crypto'
import Fastify from 'fastify'
import { bench, describe } from 'vitest'
import { signRequest } from '../src/auth/signRequest'
import { generateSigningJwk } from '../src/core/crypto/generateSigningJwk'
import { requestFixture, usdtSender } from '../test/support/requestFixtures'
import { policy } from '../test/support/signingClient'
import {
  createTestConnection,
  registerTestClient,
  startTestGateway,
  type TestClient,
  type TestGateway,
} from '../test/support/testGateway'

const options = { time: 2000, warmupTime: 300 }
/** Signatures made ahead for each signed row: more than it can run in its time on this machine. */
const presigned = Number(process.env.BENCH_PRESIGNED ?? 8000)
const onPostgres = process.env.DATABASE_URL !== undefined

const evaluateBody = JSON.stringify({ request: requestFixture('erc20-transfer-usdt.json').request })
const walletsUrl = '/v1/provider/wallets'

type Setup = { gateway: TestGateway; client: TestClient; connectionId: string }

/** The gateway on PostgreSQL, with a client whose one policy permits the fixture's ERC-20 transfer. */
async function setUp(): Promise<Setup> {
  const gateway = await startTestGateway()
  // EdDSA: the cheapest signature to check, so the rest of each request weighs more in what is measured.
  const key = await generateSigningJwk('EdDSA', 'bench-key')
  const entities = requestFixture('entities.json')
  entities.users.push({ id: 'bench-user', role: 'member' })
  entities.credentials.push({ id: key.publicJwk.kid, userId: 'bench-user', key: key.publicJwk })
  entities.accounts.push(usdtSender())
  const registered = await registerTestClient(gateway, [], {
    publicKeys: [key.publicJwk],
    entities,
    policies: [policy('permit-erc20', 'permit', [{ criterion: 'checkIntentType', args: ['erc20Transfer'] }])],
  })
  const client = { ...registered, keys: [key], key }
  const { connectionId } = await createTestConnection(gateway, client)
  return { gateway, client, connectionId }
}

const setup = onPostgres ? await setUp() : undefined

async function signatures(method: 'GET' | 'POST', url: string, body?: string): Promise<string[]> {
  if (!setup) return []
  const created = Math.floor(Date.now() / 1000)
  const out: string[] = []
  for (let i = 0; i < presigned; i++) {
    out.push(
      await signRequest({
        method,
        url: `http://localhost:80${url}`,
        ...(body === undefined ? {} : { body }),
        privateJwk: setup.client.key.privateJwk,
        created,
        jti: randomUUID(),
      }),
    )
  }
  return out
}

/** One signed request per call, each with a signature of its own (a reused one would be refused as a replay). */
function signedRequest(
  method: 'GET' | 'POST',
  url: string,
  jwsList: string[],
  headers: Record<string, string>,
  payload?: string,
) {
  let next = 0
  return async () => {
    if (!setup) return
    const jws = jwsList[next++]
    if (jws === undefined)
      throw new Error(`${url}: the ${presigned} presigned requests ran out; raise BENCH_PRESIGNED`)
    const response = await setup.gateway.app.inject({
      method,
      url,
      headers: { host: 'localhost', 'x-client-id': setup.client.clientId, 'detached-jws': jws, ...headers },
      ...(payload === undefined ? {} : { payload }),
    })
    if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`)
  }
}

const evaluate = signedRequest(
  'POST',
  '/evaluate',
  await signatures('POST', '/evaluate', evaluateBody),
  { 'content-type': 'application/json' },
  evaluateBody,
)
const walletList = signedRequest('GET', walletsUrl, await signatures('GET', walletsUrl), {
  'x-connection-id': setup?.connectionId ?? '',
})

const bare = Fastify({ logger: false })
bare.get('/bare', async () => ({ ok: true }))
await bare.ready()

describe.skipIf(!onPostgres)('signed requests on PostgreSQL (DATABASE_URL), in process', () => {
  bench(
    'bare fastify GET /bare (baseline)',
    async () => {
      const response = await bare.inject({ method: 'GET', url: '/bare' })
      if (response.statusCode !== 200) throw new Error(response.body)
    },
    options,
  )
  bench('signed POST /evaluate (permitted ERC-20 transfer)', evaluate, options)
  bench(`signed GET ${walletsUrl} (x-connection-id)`, walletList, options)
})
