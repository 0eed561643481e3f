import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { buildGateway } from '../src/app/buildGateway'
import { createLocalProvider } from '../src/providers'
import { rebuildTotals } from '../src/signing/pipeline/limitMovements'
import { ONE_ETH, policy, type SigningSetup, sendEth } from './support/signingClient'
import { signedInject, testScrypt } from './support/testGateway'
import { useSigningGateway } from './support/useTestGateway'

const BUSY = 20_000
// 20,000 ETH and 500 wei a day, in at most 20,001 requests: the seeded requests leave room for one of 500 wei.
const policies = [
  policy('hot-wallet', 'permit', [
    { criterion: 'checkAction', args: ['signTransaction'] },
    {
      criterion: 'checkSpendingLimit',
      args: { limit: `${BigInt(ONE_ETH) * BigInt(BUSY) + 500n}`, window: { type: 'fixed', period: 'day' } },
    },
    { criterion: 'checkRateLimit', args: { limit: BUSY + 1, window: { type: 'rolling', seconds: 86_400 } } },
  ]),
]

const setup = useSigningGateway({ policies })

let sequence = 0
const send = (value: string, on = setup) => sendEth(on, value, `busy-${++sequence}`)

/** Permitted requests of 1 ETH each, recorded as the gateway records them, stamped now. */
async function seedBusyDay(count: number) {
  const db = setup.gateway.database.db
  const now = Math.floor(Date.now() / 1000)
  const history = (i: string) =>
    sql`jsonb_build_array(jsonb_build_object('amount', ${ONE_ETH}::text, 'token', 'eip155:1/slip44:60',
      'chainId', 1, 'principal', 'alice', 'to', '0x70997970c51812dc3a010c7d01b50e0d17dc79c8',
      'timestamp', ${now}::bigint, 'requestId', 'busy-row-' || ${sql.raw(i)}))`
  await db.execute(sql`insert into signing_requests (row_id, request_id, kind, client_id, connection_id, provider,
      idempotence_id, body_hash, status, principal, body, approvals, history, created_at, updated_at)
    select 'busy-row-' || i, 'busy-request-' || i, 'evm.sendTransaction', ${setup.client.clientId},
      ${setup.connectionId}, 'local', 'seeded-' || i, 'seeded', 'signed', 'alice-key', '{}'::jsonb, '[]'::jsonb,
      ${history('i')}, now(), now()
    from generate_series(1, ${count}) as i`)
  await db.execute(sql`insert into limit_movements (row_id, client_id, decided_at, token, chain_id, principal,
      destination, amount, request_shape)
    select 'busy-row-' || i, ${setup.client.clientId}, ${now}, 'eip155:1/slip44:60', 1, 'alice',
      '0x70997970c51812dc3a010c7d01b50e0d17dc79c8', ${ONE_ETH}::numeric, ''
    from generate_series(1, ${count}) as i`)
  await rebuildTotals(db, setup.client.clientId)
}

describe('limits of a client with 20,000 requests in their window', () => {
  it('are counted exactly, not refused for the number of requests', async () => {
    await seedBusyDay(BUSY)
    // 501 wei passes the spending limit by one: forbidden by the limit, not refused as uncountable.
    const over = await send('501')
    expect(over.statusCode, over.body).toBe(403)
    expect(over.json().context.evaluation.decision.reason.code).toBe('NO_MATCHING_PERMIT')
    const fits = await send('500')
    expect(fits.statusCode, fits.body).toBe(201)
    // The 20,002nd request of the day passes the rate limit, whatever it moves.
    const oneTooMany = await send('0')
    expect(oneTooMany.statusCode, oneTooMany.body).toBe(403)
    expect(oneTooMany.json().context.evaluation.decision.reason.code).toBe('NO_MATCHING_PERMIT')
  })

  it('are counted the same by a gateway started again on the same database', async () => {
    const app = await buildGateway({
      config: setup.gateway.config,
      db: setup.gateway.database.db,
      providers: [createLocalProvider({ scrypt: testScrypt })],
      logger: false,
    })
    try {
      const gateway = { ...setup.gateway, app }
      const restarted: SigningSetup = {
        ...setup,
        gateway,
        call: (method, url, body, headers = {}) =>
          signedInject(gateway, setup.client, {
            method,
            url,
            ...(body === undefined ? {} : { body }),
            headers: { 'x-connection-id': setup.connectionId, ...headers },
          }),
      }
      const again = await send('0', restarted)
      expect(again.statusCode, again.body).toBe(403)
      expect(again.json().context.evaluation.decision.reason.code).toBe('NO_MATCHING_PERMIT')
    } finally {
      await app.close()
    }
  })
})
