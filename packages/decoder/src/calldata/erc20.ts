import { formatUnits } from 'viem'
import { erc20Asset, maxUint256 } from '../caip'
import { addressField, addressLabel, dateField, rawField, tokenAmountField } from '../display/fields'
import type { Display, DisplayField } from '../types'
import { callIntent } from './callIntent'
import { contractCallDisplay, fromToFields } from './contractCallDisplay'
import { defineFunction, type HandlerInput } from './defineFunction'

/** The amount in the called token's units where the data provider knows the token, else in base units. */
function amountText({ ctx, call }: HandlerInput, amount: bigint, unlimited = false): string {
  const info = ctx.provider.token?.(call.chainId, call.to)
  const ticker = info?.symbol ?? addressLabel(ctx, call.chainId, call.to)
  if (unlimited && amount === maxUint256) return `Unlimited ${ticker}`
  return info ? `${formatUnits(amount, info.decimals)} ${ticker}` : `${amount} base units of ${ticker}`
}

function tokenDisplay(
  input: HandlerInput,
  intent: string,
  interpolated: string,
  fields: DisplayField[],
): Display {
  const symbol = input.ctx.provider.token?.(input.call.chainId, input.call.to)?.symbol ?? null
  return contractCallDisplay(input, symbol, intent, interpolated, fields)
}

export const erc20Transfer = defineFunction(
  'function transfer(address to, uint256 amount)',
  (input) => {
    const { args, call, ctx, fn } = input
    // Static arguments are read straight from the (lowercase) calldata: addresses are already lowercase.
    const [recipient, amount] = args as [string, bigint]
    const intent = callIntent('erc20Transfer', call, fn)
    intent.token = erc20Asset(call.chainId, call.to)
    intent.amount = amount.toString()
    intent.recipient = recipient
    return {
      intent,
      display: () =>
        tokenDisplay(
          input,
          'Send',
          `Send ${amountText(input, amount)} to ${addressLabel(ctx, call.chainId, recipient)}`,
          [
            tokenAmountField(ctx, call.chainId, 'Amount', call.to, amount),
            addressField(ctx, call.chainId, 'To', recipient),
          ],
        ),
    }
  },
  { family: 'erc20' },
)

export const erc20TransferFrom = defineFunction(
  'function transferFrom(address from, address to, uint256 amount)',
  (input) => {
    const { args, call, ctx, fn } = input
    // Static arguments are read straight from the (lowercase) calldata: addresses are already lowercase.
    const [from, to, amount] = args as [string, string, bigint]
    const intent = callIntent('erc20TransferFrom', call, fn)
    const token = erc20Asset(call.chainId, call.to)
    Object.assign(intent, { token, amount: amount.toString(), owner: from, recipient: to })
    intent.transfers = [{ token, amount: amount.toString(), from, to }]
    return {
      intent,
      display: () =>
        tokenDisplay(
          input,
          'Send',
          `Send ${amountText(input, amount)} from ${addressLabel(ctx, call.chainId, from)} to ${addressLabel(ctx, call.chainId, to)}`,
          [tokenAmountField(ctx, call.chainId, 'Amount', call.to, amount), ...fromToFields(input, from, to)],
        ),
    }
  },
  { standard: 'erc20', family: 'erc20' },
)

function allowanceChange(
  type: 'erc20Approve' | 'erc20IncreaseAllowance' | 'erc20DecreaseAllowance',
  verb: string,
) {
  return (input: HandlerInput) => {
    const { args, call, ctx, fn } = input
    // Static arguments: the address is already lowercase.
    const [spender, amount] = args as [string, bigint]
    const intent = callIntent(type, call, fn)
    Object.assign(intent, { token: erc20Asset(call.chainId, call.to), amount: amount.toString(), spender })
    if (type !== 'erc20DecreaseAllowance') intent.unlimited = amount === maxUint256
    const display = (): Display => {
      const title = type === 'erc20Approve' && amount === 0n ? 'Revoke approval' : verb
      const text =
        title === 'Revoke approval'
          ? `Revoke ${addressLabel(ctx, call.chainId, spender)}'s allowance on ${amountText(input, 0n).replace(/^0 (base units of )?/, '')}`
          : `${verb} ${addressLabel(ctx, call.chainId, spender)} to spend ${amountText(input, amount, true)}`
      return tokenDisplay(input, title, text, [
        addressField(ctx, call.chainId, 'Spender', spender),
        tokenAmountField(ctx, call.chainId, 'Amount', call.to, amount, { unlimitedAt: maxUint256 }),
      ])
    }
    return { intent, display }
  }
}

export const erc20Approve = defineFunction(
  'function approve(address spender, uint256 amount)',
  allowanceChange('erc20Approve', 'Approve'),
  { standard: 'erc20', family: 'erc20' },
)
export const erc20IncreaseAllowance = defineFunction(
  'function increaseAllowance(address spender, uint256 addedValue)',
  allowanceChange('erc20IncreaseAllowance', 'Increase allowance of'),
  { family: 'erc20' },
)
export const erc20DecreaseAllowance = defineFunction(
  'function decreaseAllowance(address spender, uint256 subtractedValue)',
  allowanceChange('erc20DecreaseAllowance', 'Decrease allowance of'),
  { family: 'erc20' },
)

/** EIP-2612 permit submitted on-chain (the signature is checked by the token). */
export const erc2612PermitCall = defineFunction(
  'function permit(address owner, address spender, uint256 value, uint256 deadline, uint8 v, bytes32 r, bytes32 s)',
  (input) => {
    const { args, call, ctx, fn } = input
    const [owner, spender, value, deadline] = args as [string, string, bigint, bigint]
    const intent = callIntent('permit', call, fn)
    Object.assign(intent, {
      token: erc20Asset(call.chainId, call.to),
      owner: owner.toLowerCase(),
      spender: spender.toLowerCase(),
      amount: value.toString(),
      unlimited: value === maxUint256,
      deadline: deadline.toString(),
    })
    return {
      intent,
      display: () =>
        tokenDisplay(
          input,
          'Permit',
          `Permit ${addressLabel(ctx, call.chainId, spender)} to spend ${amountText(input, value, true)} of ${addressLabel(ctx, call.chainId, owner)}`,
          [
            addressField(ctx, call.chainId, 'Owner', owner),
            addressField(ctx, call.chainId, 'Spender', spender),
            tokenAmountField(ctx, call.chainId, 'Amount', call.to, value, { unlimitedAt: maxUint256 }),
            dateField('Deadline', deadline),
          ],
        ),
    }
  },
  { family: 'erc20' },
)

/** DAI-style permit: `allowed` grants an unlimited allowance or revokes it. */
export const daiPermitCall = defineFunction(
  'function permit(address holder, address spender, uint256 nonce, uint256 expiry, bool allowed, uint8 v, bytes32 r, bytes32 s)',
  (input) => {
    const { args, call, ctx, fn } = input
    const [holder, spender, nonce, expiry, allowed] = args as [string, string, bigint, bigint, boolean]
    const amount = allowed ? maxUint256 : 0n
    const intent = callIntent('permit', call, fn)
    Object.assign(intent, {
      token: erc20Asset(call.chainId, call.to),
      owner: holder.toLowerCase(),
      spender: spender.toLowerCase(),
      amount: amount.toString(),
      unlimited: allowed,
      nonce: nonce.toString(),
      deadline: expiry.toString(),
    })
    return {
      intent,
      display: tokenDisplay(
        input,
        allowed ? 'Permit' : 'Revoke permit',
        `${allowed ? 'Permit' : 'Revoke'} ${addressLabel(ctx, call.chainId, spender)} ${allowed ? 'to spend' : 'from spending'} ${amountText(input, amount, true)} of ${addressLabel(ctx, call.chainId, holder)}`,
        [
          addressField(ctx, call.chainId, 'Holder', holder),
          addressField(ctx, call.chainId, 'Spender', spender),
          rawField('Allowed', allowed ? 'Unlimited' : 'Revoked'),
          dateField('Expiry', expiry),
        ],
      ),
    }
  },
)
