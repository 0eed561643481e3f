import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { limitMovements, signingRequests } from '../src/core/database/actionsSchema'
import { rebuildTotals } from '../src/signing/pipeline/limitMovements'
import { policy, sendEth } from './support/signingClient'
import { useSigningGateway } from './support/useTestGateway'

// 1 500 wei over any 90 days: longer than a month.
const policies = [
  policy('quarterly-limit', 'permit', [
    { criterion: 'checkAction', args: ['signTransaction'] },
    {
      criterion: 'checkSpendingLimit',
      args: { limit: '1500', window: { type: 'rolling', seconds: 90 * 86400 } },
    },
  ]),
]

const setup = useSigningGateway({ policies })

let sequence = 0
const send = (value: string) => sendEth(setup, value, `reach-${++sequence}`)

describe('limits over long windows', () => {
  it('count every transfer of their window, however far back it reaches', async () => {
    const first = await send('1000')
    expect(first.statusCode, first.body).toBe(201)
    // Signed 40 days ago: inside the 90-day window.
    const daysAgo = 40
    const then = new Date(Date.now() - daysAgo * 86400 * 1000)
    await setup.gateway.database.db
      .update(signingRequests)
      .set({
        createdAt: then,
        updatedAt: then,
        history: sql`jsonb_build_array(jsonb_set(${signingRequests.history}->0, '{timestamp}', to_jsonb(${Math.floor(then.getTime() / 1000)}::bigint)))`,
      })
      .where(eq(signingRequests.requestId, first.json().data.requestId))
    await setup.gateway.database.db
      .update(limitMovements)
      .set({ decidedAt: Math.floor(then.getTime() / 1000) })
      .where(
        eq(
          limitMovements.rowId,
          sql`(select row_id from signing_requests where request_id = ${first.json().data.requestId})`,
        ),
      )
    await rebuildTotals(setup.gateway.database.db, setup.client.clientId)
    const over = await send('1000')
    expect(over.statusCode, over.body).toBe(403)
  })
})
