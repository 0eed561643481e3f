import { and, eq } from 'drizzle-orm'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { signingRequests } from '../src/core/database/actionsSchema'
import { sendTransactionAction } from '../src/signing/actions/sendTransactionAction'
import { signApproval } from '../src/signing/pipeline/approvalToken'
import { approveSigningRequest } from '../src/signing/pipeline/approveRequest'
import { ClientPolicies } from '../src/signing/pipeline/clientPolicyState'
import { permitLargeWithTwoApprovers, sendEth } from './support/signingClient'
import { useSigningGateway } from './support/useTestGateway'

const setup = useSigningGateway({
  policies: [permitLargeWithTwoApprovers],
})
afterEach(() => {
  vi.useRealTimers()
})

describe('approvals that arrive together', () => {
  it('keeps both when they were read from the same state within one millisecond', async () => {
    // Every write of this request happens within one millisecond: the case where an `updatedAt` compare cannot
    // tell that the row changed between a read and a write.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() })
    const created = await sendEth(setup, '5000000000000000000', `same-millisecond-${Date.now()}`)
    expect(created.statusCode, created.body).toBe(201)
    const { requestId } = created.json().data
    const [row] = await setup.gateway.app.db
      .select()
      .from(signingRequests)
      .where(
        and(eq(signingRequests.clientId, setup.client.clientId), eq(signingRequests.requestId, requestId)),
      )
    expect(row?.status).toBe('pending_approval')

    const approvalBy = (user: 'bob' | 'carol') =>
      signApproval(setup.approvers[user]!.privateJwk, {
        clientId: setup.client.clientId,
        kind: sendTransactionAction.kind,
        requestId,
      })
    // The gateway's signing services, with an evaluator cache of their own.
    const services = {
      ...setup.gateway.app.signing,
      clientPolicies: new ClientPolicies(setup.gateway.app.db),
    }
    // Both approvals were read from the same row, before either was written (as two concurrent requests do).
    const bob = await approveSigningRequest(services, sendTransactionAction, row!, await approvalBy('bob'))
    expect(bob.status).toBe('pending_approval')
    const carol = await approveSigningRequest(
      services,
      sendTransactionAction,
      row!,
      await approvalBy('carol'),
    )
    expect(carol.approvals.map((approval) => approval.userId).sort()).toEqual(['bob', 'carol'])
    expect(carol.status).toBe('signed')
  })
})
