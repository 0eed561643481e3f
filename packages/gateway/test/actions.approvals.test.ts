import { recoverTransactionAddress } from 'viem'
import { describe, expect, it } from 'vitest'
import { generateSigningJwk } from '../src/core/crypto/generateSigningJwk'
import { signApproval } from '../src/signing/pipeline/approvalToken'
import { ONE_ETH, permitLargeWithTwoApprovers, policy, testAddress } from './support/signingClient'
import { useSigningGateway } from './support/useTestGateway'

const recipient = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

let sequence = 0
const nextId = () => `approvals-${++sequence}-${Date.now()}`

const setup = useSigningGateway({
  policies: [
    policy('permit-small', 'permit', [
      { criterion: 'checkAction', args: ['signTransaction', 'signMessage'] },
      { criterion: 'checkIntentAmount', args: { operator: 'lte', value: ONE_ETH } },
    ]),
    permitLargeWithTwoApprovers,
  ],
})

const approve = (requestId: string, approval: string) =>
  setup.call('POST', `/v1/provider/evm/send-transaction/${requestId}/approve`, { approval })

const approvalBy = (user: 'bob' | 'carol', requestId: string, kind = 'evm.sendTransaction') =>
  signApproval(setup.approvers[user]!.privateJwk, { clientId: setup.client.clientId, kind, requestId })

describe('requests that need approvals', () => {
  it('waits in pending_approval, counts each approver once, then signs once approvals suffice', async () => {
    const before = setup.calls.signTransaction ?? 0
    const created = await setup.call('POST', '/v1/provider/evm/send-transaction', {
      transactionRequest: { chainId: 1, to: recipient, value: '5000000000000000000', nonce: 3 },
      source: { type: 'account', id: setup.accounts.ETHEREUM },
      idempotenceId: nextId(),
    })
    expect(created.statusCode, created.body).toBe(201)
    const record = created.json().data
    expect(record.status).toBe('pending_approval')
    expect(record.txHash).toBeNull()
    const { decision } = record.sendTransactionRequest.evaluation
    expect(decision.decision).toBe('Confirm')
    expect(decision.approvals.missing).toEqual([
      expect.objectContaining({ policyId: 'permit-large-with-two-approvers', missing: 2 }),
    ])
    expect(setup.calls.signTransaction ?? 0).toBe(before)

    const bob = await approve(record.requestId, await approvalBy('bob', record.requestId))
    expect(bob.statusCode, bob.body).toBe(200)
    expect(bob.json().data.status).toBe('pending_approval')
    expect(bob.json().data.approvals).toEqual([
      expect.objectContaining({ userId: 'bob', credentialId: 'bob-key' }),
    ])
    expect(bob.json().data.sendTransactionRequest.evaluation.decision.approvals.missing[0].missing).toBe(1)

    const bobAgain = await approve(record.requestId, await approvalBy('bob', record.requestId))
    expect(bobAgain.json().data.status).toBe('pending_approval')
    expect(bobAgain.json().data.approvals).toHaveLength(1)

    const carol = await approve(record.requestId, await approvalBy('carol', record.requestId))
    expect(carol.statusCode, carol.body).toBe(200)
    const signed = carol.json().data
    expect(signed.status).toBe('signed')
    expect(signed.sendTransactionRequest.evaluation.decision.decision).toBe('Permit')
    expect(await recoverTransactionAddress({ serializedTransaction: signed.signedTransaction })).toBe(
      testAddress,
    )
    expect(setup.calls.signTransaction).toBe(before + 1)

    const late = await approve(record.requestId, await approvalBy('bob', record.requestId))
    expect(late.statusCode).toBe(409)
    expect(late.json().code).toBe('NOT_PENDING_APPROVAL')
  })

  it('refuses approvals that are not from an organization credential or not about this request', async () => {
    const created = await setup.call('POST', '/v1/provider/evm/send-transaction', {
      transactionRequest: { chainId: 1, to: recipient, value: '2000000000000000000', nonce: 4 },
      source: { type: 'account', id: setup.accounts.ETHEREUM },
      idempotenceId: nextId(),
    })
    const { requestId } = created.json().data
    const stranger = await generateSigningJwk('ES256K', 'stranger-key')
    const cases = [
      await signApproval(stranger.privateJwk, {
        clientId: setup.client.clientId,
        kind: 'evm.sendTransaction',
        requestId,
      }),
      await approvalBy('bob', 'another-request'),
      await approvalBy('bob', requestId, 'evm.signMessage'),
      // Signed an hour ago, or dated an hour ahead: not an approval of this request as it stands now.
      await signApproval(setup.approvers.bob!.privateJwk, {
        clientId: setup.client.clientId,
        kind: 'evm.sendTransaction',
        requestId,
        iat: Math.floor(Date.now() / 1000) - 3600,
      }),
      await signApproval(setup.approvers.bob!.privateJwk, {
        clientId: setup.client.clientId,
        kind: 'evm.sendTransaction',
        requestId,
        iat: Math.floor(Date.now() / 1000) + 3600,
      }),
      'not-a-jws',
    ]
    for (const approval of cases) {
      const response = await approve(requestId, approval)
      expect(response.statusCode).toBe(422)
      expect(response.json()).toMatchObject({
        code: 'APPROVAL_INVALID',
        context: { issues: [{ path: '/approval' }] },
      })
    }
    const tampered = (await approvalBy('carol', requestId)).replace(/.{4}$/, 'AAAA')
    expect((await approve(requestId, tampered)).statusCode).toBe(422)
    const read = await setup.call('GET', `/v1/provider/evm/send-transaction/${requestId}`)
    expect(read.json().data).toMatchObject({ status: 'pending_approval', approvals: [] })
  })

  it('sends a request to the provider exactly once when the last approvals arrive together', async () => {
    const created = await setup.call('POST', '/v1/provider/evm/send-transaction', {
      transactionRequest: { chainId: 1, to: recipient, value: '3000000000000000000', nonce: 5 },
      source: { type: 'account', id: setup.accounts.ETHEREUM },
      idempotenceId: nextId(),
    })
    const { requestId } = created.json().data
    await approve(requestId, await approvalBy('bob', requestId))
    const before = setup.calls.signTransaction ?? 0
    const carol = await approvalBy('carol', requestId)
    const responses = await Promise.all(Array.from({ length: 5 }, () => approve(requestId, carol)))
    const statuses = responses.map((response) => response.statusCode)
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThanOrEqual(1)
    expect(statuses.every((status) => status === 200 || status === 409)).toBe(true)
    expect(setup.calls.signTransaction).toBe(before + 1)
    const read = await setup.call('GET', `/v1/provider/evm/send-transaction/${requestId}`)
    expect(read.json().data.status).toBe('signed')
  })
})
