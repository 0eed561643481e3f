import { erc20Asset, maxUint256 } from '../caip'
import { addressField, addressLabel, interactWith, tokenAmountField, tokenTicker } from '../display/fields'
import type { Display, IntentFields } from '../types'
import { callIntent } from './callIntent'
import { defineFunction, type HandlerInput } from './defineFunction'

/**
 * Aave v3 Pool's supply and withdraw. The intent names the asset, the amount in its base units and, as
 * `recipient`, the account the call credits: supply's `onBehalfOf` (who receives the aTokens) or withdraw's `to`
 * (who receives the asset). Policies bind the Pool's deployments by address; the decoder reads these selectors on
 * any contract, as it reads `transfer` on any token.
 */
function lendingCall(
  { call, ctx, fn }: HandlerInput,
  asset: string,
  amount: bigint,
  recipient: string,
  verb: 'Supply' | 'Withdraw',
): { intent: IntentFields; display: () => Display } {
  const intent = callIntent('contractCall', call, fn)
  intent.token = erc20Asset(call.chainId, asset)
  intent.amount = amount.toString()
  intent.recipient = recipient
  const display = (): Display => {
    // withdraw(asset, type(uint256).max, to) withdraws the whole balance.
    const all = verb === 'Withdraw' && amount === maxUint256
    const amountField = tokenAmountField(ctx, call.chainId, 'Amount', asset, amount)
    if (all) amountField.value = `All ${tokenTicker(ctx, call.chainId, asset)}`
    const party = verb === 'Supply' ? 'On behalf of' : 'To'
    const pool = addressLabel(ctx, call.chainId, call.to)
    const whom = addressLabel(ctx, call.chainId, recipient)
    return {
      intent: verb,
      interpolatedIntent:
        verb === 'Supply'
          ? `Supply ${amountField.value} to ${pool} on behalf of ${whom}`
          : `Withdraw ${amountField.value} from ${pool} to ${whom}`,
      interactWith: interactWith(ctx, call.chainId, call.to, null, 'Aave'),
      fields: [amountField, addressField(ctx, call.chainId, party, recipient)],
      requiredFields: ['Amount', party],
    }
  }
  return { intent, display }
}

export const aaveSupply = defineFunction(
  'function supply(address asset, uint256 amount, address onBehalfOf, uint16 referralCode)',
  (input) => {
    const [asset, amount, onBehalfOf] = input.args as [string, bigint, string]
    return lendingCall(input, asset, amount, onBehalfOf, 'Supply')
  },
)

/** Aave v3 keeps v2's `deposit`, with supply's arguments and effect. */
export const aaveDeposit = defineFunction(
  'function deposit(address asset, uint256 amount, address onBehalfOf, uint16 referralCode)',
  (input) => {
    const [asset, amount, onBehalfOf] = input.args as [string, bigint, string]
    return lendingCall(input, asset, amount, onBehalfOf, 'Supply')
  },
)

export const aaveWithdraw = defineFunction(
  'function withdraw(address asset, uint256 amount, address to)',
  (input) => {
    const [asset, amount, to] = input.args as [string, bigint, string]
    return lendingCall(input, asset, amount, to, 'Withdraw')
  },
)
