import { formatUnits } from 'viem'
import { erc20Asset } from '../caip'
import {
  interactWith,
  nativeAmountField,
  nativeAmountText,
  nativeSymbol,
  tokenAmountField,
} from '../display/fields'
import { callIntent } from './callIntent'
import { defineFunction } from './defineFunction'

export const wethDeposit = defineFunction(
  'function deposit()',
  ({ call, ctx, fn }) => {
    const intent = callIntent('wethDeposit', call, fn)
    Object.assign(intent, { token: erc20Asset(call.chainId, call.to), amount: call.value.toString() })
    const symbol = ctx.provider.token?.(call.chainId, call.to)?.symbol ?? 'WETH'
    return {
      intent,
      display: {
        intent: 'Wrap',
        interpolatedIntent: `Wrap ${nativeAmountText(call.chainId, call.value)} into ${symbol}`,
        interactWith: interactWith(ctx, call.chainId, call.to, symbol),
        fields: [nativeAmountField('Amount', call.value, call.chainId)],
        requiredFields: ['Amount'],
      },
    }
  },
  { family: 'weth' },
)

export const wethWithdraw = defineFunction(
  'function withdraw(uint256 wad)',
  ({ args, call, ctx, fn }) => {
    const amount = args[0] as bigint
    const intent = callIntent('wethWithdraw', call, fn)
    Object.assign(intent, { token: erc20Asset(call.chainId, call.to), amount: amount.toString() })
    const symbol = ctx.provider.token?.(call.chainId, call.to)?.symbol ?? 'WETH'
    return {
      intent,
      display: {
        intent: 'Unwrap',
        interpolatedIntent: `Unwrap ${formatUnits(amount, 18)} ${symbol} into ${nativeSymbol(call.chainId)}`,
        interactWith: interactWith(ctx, call.chainId, call.to, symbol),
        fields: [tokenAmountField(ctx, call.chainId, 'Amount', call.to, amount)],
        requiredFields: ['Amount'],
      },
    }
  },
  { family: 'weth' },
)
