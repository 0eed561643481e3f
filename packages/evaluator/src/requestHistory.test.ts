import { emptyEntities } from '@rampart/entities'
import { describe, expect, it } from 'vitest'
import { decodeIntent, erc20TransferRpc, INITECH, NORA, TREASURY_HOT, USDC } from '../test/northwind'
import { computeLimits } from './computeLimits'
import type { EvaluationRequest } from './generated/evaluationRequest'
import { prepareEntities } from './prepareEntities'
import type { Bucket } from './preparePolicies'
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

  it("tags each entry with the request's id, so that a rate limit counts the request once", () => {
    const batch = {
      action: 'signTransaction',
      principal: NORA,
      now: 100,
      intent: {
        type: 'batch',
        chainId: 1,
        value: '0',
        intents: [
          { type: 'nativeTransfer', chainId: 1, value: '1', to: NORA },
          { type: 'nativeTransfer', chainId: 1, value: '2', to: NORA },
        ],
      },
    } as EvaluationRequest
    const history = requestHistory(batch, NORA, 'request-1')
    expect(history.map(({ amount, requestId }) => [amount, requestId])).toEqual([
      ['1', 'request-1'],
      ['2', 'request-1'],
    ])
    const rate: Bucket = {
      id: '0',
      policies: [],
      limits: [{ k: 'rate', a: { limit: 5, operator: 'lte', window: { type: 'rolling', seconds: 60 } } }],
      intentFields: [],
    }
    const entities = prepareEntities({ ...emptyEntities(), users: [{ id: NORA, role: 'member' }] })
    const next = { ...batch, now: 110, history }
    // The past batch and this one: two requests, of two transfers each.
    expect(computeLimits(next, [rate], entities, NORA, 110)?.rate).toEqual(['6', 2])
  })

  it('records a request that moves nothing once, with amount 0', () => {
    const request = { action: 'signRaw', principal: NORA, payload: '0xdeadbeef', now: 5 } as EvaluationRequest
    expect(requestHistory(request, NORA)).toEqual([{ amount: '0', principal: NORA, timestamp: 5 }])
  })

  it('records the token amount of a call and the native value it sends, as two entries', () => {
    const rpc = erc20TransferRpc(TREASURY_HOT, USDC, INITECH, 5_000_000n)
    const withValue = { ...rpc, params: [{ ...rpc.params[0], value: '0x2386f26fc10000' }] }
    const request = {
      action: 'signTransaction',
      principal: NORA,
      now: 5,
      intent: decodeIntent(withValue),
    } as EvaluationRequest
    expect(requestHistory(request, NORA).map(({ amount, token, to }) => [amount, token, to])).toEqual([
      ['5000000', `eip155:1/erc20:${USDC.toLowerCase()}`, INITECH.toLowerCase()],
      ['10000000000000000', 'eip155:1/slip44:60', USDC.toLowerCase()],
    ])
  })
})
