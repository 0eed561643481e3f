import { describe, expect, it } from 'vitest'
import { executeBatch, policy } from './support/signingClient'
import { useSigningGateway } from './support/useTestGateway'

// A rate limit counts requests: a past batch counts once, however many transfers it moved, as it counted when it
// was decided.
const policies = [
  policy('two-transactions-an-hour', 'permit', [
    { criterion: 'checkAction', args: ['signTransaction'] },
    { criterion: 'checkRateLimit', args: { limit: 2, window: { type: 'rolling', seconds: 3600 } } },
  ]),
]

const setup = useSigningGateway({ policies })

describe('rate limits count past requests', () => {
  it('counts a past batch of two transfers as one request', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 3; i++) {
      const response = await setup.call('POST', '/v1/provider/evm/send-transaction', {
        transactionRequest: {
          chainId: 1,
          to: executeBatch.to,
          data: executeBatch.data,
          value: '0',
          gasLimit: '200000',
        },
        source: { type: 'account', id: setup.accounts.ETHEREUM! },
        idempotenceId: `batch-${i}`,
      })
      statuses.push(response.statusCode)
    }
    expect(statuses).toEqual([201, 201, 403])
  })
})
