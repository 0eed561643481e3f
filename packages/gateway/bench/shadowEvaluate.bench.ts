// `pnpm bench`: POST /evaluate in process (fastify inject, in-memory PGlite) for a client without a shadow set (the
// baseline), with one that agrees with the live set (the usual case: a proposal decided beside it, no divergence),
// and with one that disagrees on every request (a divergence written each time). Shadow decisions run after the
// answer (setImmediate), so what they cost shows as the time the next requests wait: the ratios are what shadow
// mode adds to /evaluate's latency under a steady stream of requests. Goal: at most 1.3x the baseline.
import { randomUUID } from 'node:crypto'
import { bench, describe } from 'vitest'
import { signRequest } from '../src/auth/signRequest'
import { generateSigningJwk } from '../src/core/crypto/generateSigningJwk'
import { insertProposal } from '../test/support/proposalRows'
import { requestFixture } from '../test/support/requestFixtures'
import { policy } from '../test/support/signingClient'
import { registerTestClient, startTestGateway, type TestClient } from '../test/support/testGateway'

const options = { time: 3000, warmupTime: 1500 }
/** Signatures made ahead for each row: more than it can run in its time on this machine. */
const presigned = Number(process.env.BENCH_PRESIGNED ?? 6000)

const transfer = requestFixture('erc20-transfer-usdt.json').request

/** ERC-20 transfers from one account, under a daily spending limit: each decision reads the summed history. */
const limited = (limit: string) => [
  policy('erc20-daily', 'permit', [
    { criterion: 'checkAction', args: ['signTransaction'] },
    { criterion: 'checkIntentType', args: ['erc20Transfer'] },
    { criterion: 'checkAccountId', args: ['usdt-sender'] },
    { criterion: 'checkSpendingLimit', args: { limit, window: { type: 'fixed', period: 'day' } } },
  ]),
]

const gateway = await startTestGateway()

async function client(name: string): Promise<{ client: TestClient; entities: Record<string, unknown> }> {
  const key = await generateSigningJwk('EdDSA', `${name}-key`)
  const entities = requestFixture('entities.json')
  entities.users.push({ id: name, role: 'member' })
  entities.credentials.push({ id: `${name}-key`, userId: name, key: key.publicJwk })
  entities.accounts.push({
    id: 'usdt-sender',
    address: transfer.params[0].from,
    accountType: 'eoa',
    chainId: 1,
  })
  const registered = await registerTestClient(gateway, [], {
    publicKeys: [key.publicJwk],
    entities,
    policies: limited('1000000000000'),
  })
  return { client: { ...registered, keys: [key], key }, entities }
}

const off = await client('no-shadow')
const agreeing = await client('agreeing-shadow')
const diverging = await client('diverging-shadow')
await insertProposal(gateway, agreeing.client.clientId, {
  policies: limited('2000000000000'),
  entities: agreeing.entities,
})
// No policy: the shadow refuses what the live set permits, every time.
await insertProposal(gateway, diverging.client.clientId, { policies: [], entities: diverging.entities })

const body = JSON.stringify({ request: transfer })

async function signatures(client: TestClient, count = presigned): Promise<string[]> {
  const created = Math.floor(Date.now() / 1000)
  const out: string[] = []
  for (let i = 0; i < count; i++) {
    out.push(
      await signRequest({
        method: 'POST',
        url: 'http://localhost:80/evaluate',
        body,
        privateJwk: client.key.privateJwk,
        created,
        jti: randomUUID(),
      }),
    )
  }
  return out
}

function evaluate(client: TestClient, jwsList: string[]) {
  let next = 0
  return async () => {
    const jws = jwsList[next++]
    if (jws === undefined)
      throw new Error(`the ${presigned} presigned requests ran out; raise BENCH_PRESIGNED`)
    const response = await gateway.app.inject({
      method: 'POST',
      url: '/evaluate',
      headers: {
        host: 'localhost',
        'x-client-id': client.clientId,
        'detached-jws': jws,
        'content-type': 'application/json',
      },
      payload: body,
    })
    if (response.statusCode !== 200) throw new Error(`/evaluate: ${response.statusCode} ${response.body}`)
  }
}

const runs = {
  off: evaluate(off.client, await signatures(off.client)),
  agreeing: evaluate(agreeing.client, await signatures(agreeing.client)),
  diverging: evaluate(diverging.client, await signatures(diverging.client)),
}

// Each client warmed alike before any row is measured (the first row would otherwise pay for the JIT): 200 requests
// each, interleaved, from signatures of their own.
const warmUp = {
  off: evaluate(off.client, await signatures(off.client, 200)),
  agreeing: evaluate(agreeing.client, await signatures(agreeing.client, 200)),
  diverging: evaluate(diverging.client, await signatures(diverging.client, 200)),
}
for (let i = 0; i < 200; i++) for (const run of Object.values(warmUp)) await run()

describe('POST /evaluate with shadow mode', () => {
  bench('shadow off (baseline)', runs.off, options)
  bench('shadow on, agreeing with the live set', runs.agreeing, options)
  bench('shadow on, diverging on every request (a divergence written each time)', runs.diverging, options)
})
