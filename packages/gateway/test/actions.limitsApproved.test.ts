import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { signingRequests } from '../src/core/database/actionsSchema'
import { signApproval } from '../src/signing/pipeline/approvalToken'
import { policy, sendEth } from './support/signingClient'
import { useSigningGateway } from './support/useTestGateway'

// 1 500 wei a day, each transfer approved by bob.
const policies = [
  policy('daily-limit-with-approval', 'permit', [
    { criterion: 'checkAction', args: ['signTransaction'] },
    { criterion: 'checkSpendingLimit', args: { limit: '1500', window: { type: 'rolling', seconds: 86400 } } },
    {
      criterion: 'checkApprovals',
      args: [{ approvalCount: 1, approvalEntityType: 'user', entityIds: ['bob'], countPrincipal: false }],
    },
  ]),
]

const setup = useSigningGateway({ policies })

let sequence = 0
const send = (value: string) => sendEth(setup, value, `approved-limit-${++sequence}`)

describe('spending limits and approvals', () => {
  it('count a transfer from when it was approved and signed, however long ago it was asked for', async () => {
    const asked = await send('1000')
    expect(asked.statusCode, asked.body).toBe(201)
    const { requestId } = asked.json().data
    expect(asked.json().data.status).toBe('pending_approval')
    // Asked for 40 days ago, beyond the longest window a limit counts over; approved only now.
    const longAgo = new Date(Date.now() - 40 * 24 * 3600 * 1000)
    await setup.gateway.database.db
      .update(signingRequests)
      .set({ createdAt: longAgo, updatedAt: longAgo })
      .where(eq(signingRequests.requestId, requestId))
    const approval = await signApproval(setup.approvers.bob!.privateJwk, {
      clientId: setup.client.clientId,
      kind: 'evm.sendTransaction',
      requestId,
    })
    const approved = await setup.call('POST', `/v1/provider/evm/send-transaction/${requestId}/approve`, {
      approval,
    })
    expect(approved.statusCode, approved.body).toBe(200)
    expect(approved.json().data.status).toBe('signed')

    // 1 000 wei were signed today: another 1 000 is over the daily 1 500, approvals or not.
    const over = await send('1000')
    expect(over.statusCode, over.body).toBe(403)
    expect(over.json().code).toBe('POLICY_FORBIDDEN')
  })
})
