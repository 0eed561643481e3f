import { describe, expect, it } from 'vitest'
import { signingRequests } from '../src/core/database/actionsSchema'
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
  it('is never cut short: past the most entries a decision reads, a limited request is refused, not permitted on part of it', async () => {
    // 1 400 of the 1 500 wei are spent (above). Ten thousand later transfers of nothing (an ERC-20 transfer of 0
    // is one) would push them out of a history read newest first and cut at its bound.
    const db = setup.gateway.database.db
    const now = Date.now()
    const rows = Array.from({ length: 10_000 }, (_, index) => ({
      rowId: `filler-${index}`,
      requestId: `filler-${index}`,
      kind: 'evm.sendTransaction',
      clientId: setup.client.clientId,
      connectionId: setup.connectionId,
      provider: 'local',
      idempotenceId: `filler-${index}`,
      bodyHash: 'filler',
      status: 'signed',
      principal: 'alice-key',
      body: {},
      approvals: [],
      history: {
        principal: 'alice',
        chainId: 1,
        to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
        amount: '0',
        token: 'eip155:1/erc20:0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
        timestamp: Math.floor(now / 1000),
      },
      createdAt: new Date(now + index),
      updatedAt: new Date(now + index),
    }))
    for (let start = 0; start < rows.length; start += 1000) {
      await db.insert(signingRequests).values(rows.slice(start, start + 1000))
    }
    const refused = await send('400')
    expect(refused.statusCode, refused.body).toBe(403)
    expect(refused.json().context.evaluation.decision.reason.code).toBe('EVALUATION_FAILED')
  })
})
