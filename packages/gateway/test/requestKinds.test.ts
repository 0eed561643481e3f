import requestKindSchema from '@rampart/schemas/gateway/actions/requestKind.schema.json'
import { describe, expect, it } from 'vitest'
import { sendTransactionAction } from '../src/signing/actions/sendTransactionAction'
import { signMessageAction } from '../src/signing/actions/signMessageAction'
import { signRawAction } from '../src/signing/actions/signRawAction'
import { signTypedDataAction } from '../src/signing/actions/signTypedDataAction'
import { stakeAction } from '../src/signing/actions/stakeAction'
import { transferAction } from '../src/signing/actions/transferAction'
import { unstakeAction } from '../src/signing/actions/unstakeAction'
import { signApproval } from '../src/signing/pipeline/approvalToken'
import { ONE_ETH, permitLargeWithTwoApprovers, policy } from './support/signingClient'
import { useSigningGateway } from './support/useTestGateway'

const setup = useSigningGateway({
  policies: [
    policy('permit-small', 'permit', [
      { criterion: 'checkAction', args: ['signTransaction', 'signMessage'] },
      { criterion: 'checkIntentAmount', args: { operator: 'lte', value: ONE_ETH } },
    ]),
    permitLargeWithTwoApprovers,
    policy('permit-messages', 'permit', [{ criterion: 'checkAction', args: ['signMessage'] }]),
  ],
})

describe('request kinds', () => {
  it('lists exactly the kinds of the signing actions in RequestKind', () => {
    const kinds = [
      transferAction,
      sendTransactionAction,
      signMessageAction,
      signTypedDataAction,
      signRawAction,
      stakeAction,
      unstakeAction,
    ].map((action) => action.kind)
    expect([...requestKindSchema.enum].sort()).toEqual([...kinds].sort())
  })

  it('are carried by records, and an approval signed over the record kind is accepted', async () => {
    const created = await setup.call('POST', '/v1/provider/evm/send-transaction', {
      transactionRequest: {
        chainId: 1,
        to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
        value: '5000000000000000000',
        nonce: 7,
      },
      source: { type: 'account', id: setup.accounts.ETHEREUM },
      idempotenceId: `kinds-${Date.now()}`,
    })
    expect(created.statusCode, created.body).toBe(201)
    const record = created.json().data
    expect(record).toMatchObject({ kind: 'evm.sendTransaction', status: 'pending_approval' })

    const approval = await signApproval(setup.approvers.bob!.privateJwk, {
      clientId: setup.client.clientId,
      kind: record.kind,
      requestId: record.requestId,
    })
    const approved = await setup.call(
      'POST',
      `/v1/provider/evm/send-transaction/${record.requestId}/approve`,
      { approval },
    )
    expect(approved.statusCode, approved.body).toBe(200)
    expect(approved.json().data).toMatchObject({
      kind: 'evm.sendTransaction',
      approvals: [{ userId: 'bob' }],
    })

    const read = await setup.call('GET', `/v1/provider/evm/send-transaction/${record.requestId}`)
    expect(read.json().data.kind).toBe('evm.sendTransaction')

    const message = await setup.call('POST', '/v1/provider/evm/sign-message', {
      source: { type: 'account', id: setup.accounts.ETHEREUM },
      data: 'Sign in to Rampart',
      idempotenceId: `kinds-message-${Date.now()}`,
    })
    expect(message.statusCode, message.body).toBe(201)
    expect(message.json().data.kind).toBe('evm.signMessage')
  })
})
