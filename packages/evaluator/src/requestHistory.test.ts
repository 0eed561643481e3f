import { describe, expect, it } from 'vitest'
import { NORA } from '../test/northwind'
import type { EvaluationRequest } from './generated/evaluationRequest'
import { requestHistory } from './requestHistory'

describe('requestHistory', () => {
  it('records each transfer of a Permit2 batch signature transfer, as limits count them', () => {
    const request = {
      action: 'signTypedData',
      principal: NORA,
      resource: 'treasury-hot',
      now: 1_700_000_000,
      intent: {
        type: 'permit2Transfer',
        chainId: 1,
        spender: '0x3fc91a3afd70395cd496c647d5a6cc9d4b2b7fad',
        deadline: '1700000000',
        transfers: [
          { token: 'eip155:1/erc20:0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48', amount: '5000000' },
          { token: 'eip155:1/erc20:0x6b175474e89094c44da98b954eedeac495271d0f', amount: '1000' },
        ],
      },
    } as EvaluationRequest
    expect(requestHistory(request, NORA).map(({ amount, token }) => [amount, token])).toEqual([
      ['5000000', 'eip155:1/erc20:0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48'],
      ['1000', 'eip155:1/erc20:0x6b175474e89094c44da98b954eedeac495271d0f'],
    ])
  })

  it('records a request that moves nothing once, with amount 0', () => {
    const request = { action: 'signRaw', principal: NORA, payload: '0xdeadbeef', now: 5 } as EvaluationRequest
    expect(requestHistory(request, NORA)).toEqual([{ amount: '0', principal: NORA, timestamp: 5 }])
  })
})
