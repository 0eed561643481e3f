import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { policy, sendEth } from './support/signingClient'
import { useSigningGateway } from './support/useTestGateway'

// 1 500 wei a day: one transfer of 1 000 wei fits, a second does not.
const policies = [
  policy('daily-limit', 'permit', [
    { criterion: 'checkAction', args: ['signTransaction'] },
    { criterion: 'checkSpendingLimit', args: { limit: '1500', window: { type: 'rolling', seconds: 86400 } } },
  ]),
]

/** Provider calls held until the test lets them go. */
let gate: Promise<void> = Promise.resolve()
let atProvider = 0

const setup = useSigningGateway({
  policies,
  beforeProviderCall: async (method) => {
    if (method !== 'signTransaction') return
    atProvider++
    await gate
  },
})

let sequence = 0
const send = (value: string, extra: Record<string, unknown> = {}) =>
  sendEth(setup, value, `limit-${++sequence}`, extra)

const tick = () => new Promise((resolve) => setTimeout(resolve, 10))

describe('spending limits', () => {
  it('count a permitted request still with the provider: a concurrent one over the limit is refused', async () => {
    let release!: () => void
    gate = new Promise((resolve) => (release = resolve))
    const first = send('1000')
    while (atProvider < 1) await tick()
    let settled = false
    const second = send('1000').finally(() => {
      settled = true
    })
    // Without the first counted, the second would reach the provider too; with it, it is refused at once.
    while (!settled && atProvider < 2) await tick()
    release()
    const [a, b] = await Promise.all([first, second])
    expect(a.statusCode, a.body).toBe(201)
    expect(b.statusCode, b.body).toBe(403)
    expect(b.json().code).toBe('POLICY_FORBIDDEN')
    expect(atProvider).toBe(1)
  })

  it('stop counting a request the provider refused', async () => {
    // 1 000 of the 1 500 are spent. Permitted, then refused by the provider (an eip1559 transaction takes no
    // gasPrice): nothing was spent, so 400 more still fit, and only then is the limit reached.
    const refused = await send('400', { type: 'eip1559', gasPrice: '1' })
    expect(refused.statusCode, refused.body).toBe(422)
    expect((await send('400')).statusCode).toBe(201)
    expect((await send('400')).statusCode).toBe(403)
  })
})

describe('the history limits count', () => {
  it('refuses a limited request, rather than permit it uncounted, when the history cannot be read', async () => {
    const db = setup.gateway.database.db
    await db.execute(sql`alter table limit_movements rename to limit_movements_away`)
    try {
      const refused = await send('1')
      expect(refused.statusCode, refused.body).toBe(403)
      expect(refused.json().context.evaluation.decision.reason.code).toBe('EVALUATION_FAILED')
    } finally {
      await db.execute(sql`alter table limit_movements_away rename to limit_movements`)
    }
    expect((await send('1')).statusCode).toBe(201)
  })
})
