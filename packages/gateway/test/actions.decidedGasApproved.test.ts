import { parseGwei, parseTransaction } from 'viem'
import { describe, expect, it } from 'vitest'
import { signApproval } from '../src/signing/pipeline/approvalToken'
import { permitLargeWithTwoApprovers, policy } from './support/signingClient'
import { useFakeEthereumNode, useSigningGateway } from './support/useTestGateway'

/** 0.01 ETH: the most network fee the policies let a transaction spend. */
const feeCap = 10n ** 16n
const recipient = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

const node = useFakeEthereumNode({
  chainId: 1,
  nonce: 3,
  gasPrice: parseGwei('12'),
  baseFeePerGas: parseGwei('10'),
})

const setup = useSigningGateway(() => ({
  policies: [
    policy('forbid-costly-gas', 'forbid', [
      { criterion: 'checkGasFeeAmount', args: { operator: 'gt', value: feeCap.toString() } },
    ]),
    permitLargeWithTwoApprovers,
  ],
  provider: { networks: { ETHEREUM: { rpcUrl: node.url } } },
}))

const approve = async (user: 'bob' | 'carol', transferId: string) =>
  setup.call('POST', `/v1/provider/transfers/${transferId}/approve`, {
    approval: await signApproval(setup.approvers[user]!.privateJwk, {
      clientId: setup.client.clientId,
      kind: 'transfer',
      requestId: transferId,
    }),
  })

describe('a transfer approved after the network fees moved', () => {
  it('is signed with the gas and fees it was decided on, not the fees of the moment it is approved', async () => {
    const created = await setup.call('POST', '/v1/provider/transfers', {
      source: { type: 'account', id: setup.accounts.ETHEREUM! },
      destination: { address: recipient },
      asset: { assetId: 'eip155:1/slip44:60' },
      amount: '2',
      idempotenceId: `approved-after-fees-moved-${Date.now()}`,
    })
    expect(created.statusCode, created.body).toBe(201)
    const pending = created.json().data
    expect(pending.status).toBe('pending_approval')
    const decided = pending.evaluation.report.intent.decoded.gas
    expect(BigInt(decided.maxFee)).toBeLessThanOrEqual(feeCap)

    // A hundredfold base fee: a new estimate now would cost far more than the cap.
    node.baseFeePerGas = parseGwei('1000')
    expect((await approve('bob', pending.transferId)).statusCode).toBe(200)
    const approved = await approve('carol', pending.transferId)
    expect(approved.statusCode, approved.body).toBe(200)
    const record = approved.json().data
    expect(record.status).toBe('broadcast')
    const signed = parseTransaction(record.signedTransaction)
    expect({ gasLimit: signed.gas?.toString(), maxFeePerGas: signed.maxFeePerGas?.toString() }).toEqual({
      gasLimit: decided.gasLimit,
      maxFeePerGas: decided.maxFeePerGas,
    })
    expect(signed.nonce).toBe(3)
    expect(node.received).toEqual([record.signedTransaction])
  })
})
