import { describe, expect, it } from 'vitest'
import { executeBatch, policy } from './support/signingClient'
import { useSigningGateway } from './support/useTestGateway'

const USDC = 'eip155:1/erc20:0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48'

// What a decision counts of the request itself, a later decision must count of it too: a message counts toward a
// rate limit, and a batch spends what its calls move.
const policies = [
  policy('two-messages-an-hour', 'permit', [
    { criterion: 'checkAction', args: ['signMessage'] },
    { criterion: 'checkRateLimit', args: { limit: 2, window: { type: 'rolling', seconds: 3600 } } },
  ]),
  policy('five-usdc-a-day', 'permit', [
    { criterion: 'checkAction', args: ['signTransaction'] },
    {
      criterion: 'checkSpendingLimit',
      args: { limit: '5000000', window: { type: 'rolling', seconds: 86400 }, filters: { tokens: [USDC] } },
    },
  ]),
]

const setup = useSigningGateway({ policies })

let sequence = 0
const nextId = () => `movements-${++sequence}`
const source = () => ({ type: 'account', id: setup.accounts.ETHEREUM! })

describe('limits count past requests as the decision counted them', () => {
  it('a rate limit counts past messages, which move no amount', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 3; i++) {
      const response = await setup.call('POST', '/v1/provider/evm/sign-message', {
        data: `message ${i}`,
        source: source(),
        idempotenceId: nextId(),
      })
      statuses.push(response.statusCode)
    }
    expect(statuses).toEqual([201, 201, 403])
  })

  it('a spending limit counts the transfers inside a past batch', async () => {
    const send = () =>
      setup.call('POST', '/v1/provider/evm/send-transaction', {
        transactionRequest: {
          chainId: 1,
          to: executeBatch.to,
          data: executeBatch.data,
          value: '0',
          gasLimit: '200000',
        },
        source: source(),
        idempotenceId: nextId(),
      })
    const first = await send()
    expect(first.statusCode, first.body).toBe(201)
    // The first batch spent the day's 5 USDC.
    const second = await send()
    expect(second.statusCode, second.body).toBe(403)
  })
})
