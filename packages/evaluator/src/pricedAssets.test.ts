import { describe, expect, it } from 'vitest'
import { policy } from '../test/policy'
import type { EvaluationRequest } from './generated/evaluationRequest'
import { assetsToPrice, currenciesIn } from './pricedAssets'

const USDC = 'eip155:1/erc20:0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48'
const DAI = 'eip155:1/erc20:0x6b175474e89094c44da98b954eedeac495271d0f'

describe('currenciesIn', () => {
  it('lists the currencies of amount criteria and spending limits, at any depth', () => {
    const policies = [
      policy('a', 'permit', [
        { criterion: 'checkIntentAmount', args: { operator: 'lte', value: '1', currency: 'fiat:usd' } },
        {
          criterion: 'checkUserOperationIntents',
          args: [
            { criterion: 'checkIntentAmount', args: { operator: 'lte', value: '1', currency: 'fiat:eur' } },
          ],
        },
      ]),
      policy('b', 'permit', [{ criterion: 'checkIntentAmount', args: { operator: 'lte', value: '1' } }]),
    ]
    expect(currenciesIn(policies)).toEqual(['fiat:eur', 'fiat:usd'])
    expect(currenciesIn([])).toEqual([])
  })
})

describe('assetsToPrice', () => {
  it('names what the request moves or compares, and past transfers recorded without a value', () => {
    const intent = {
      type: 'erc20Transfer',
      chainId: 1,
      token: USDC.toUpperCase().replace('EIP155', 'eip155'),
      amount: '5',
      value: '7',
    } as unknown as EvaluationRequest['intent']
    const history = [
      { amount: '1', token: DAI, timestamp: 0 },
      {
        amount: '1',
        token: 'eip155:1/erc20:0x1111111111111111111111111111111111111111',
        timestamp: 0,
        values: { 'fiat:usd': '1' },
      },
      { amount: '0', token: 'eip155:1/erc20:0x2222222222222222222222222222222222222222', timestamp: 0 },
    ]
    // The value sent with a token call moves too: the native currency is priced.
    expect(assetsToPrice(intent, history, ['fiat:usd']).sort()).toEqual(
      [USDC, DAI, 'eip155:1/slip44:60'].sort(),
    )
  })
})
