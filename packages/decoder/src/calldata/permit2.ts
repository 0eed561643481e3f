import { erc20Asset } from '../caip'
import { addressField, addressLabel, interactWith, tokenAmountField } from '../display/fields'
import { type PermitDetails, permit2Approval, permit2SignatureTransfer } from '../permit2/permit2Intents'
import type { DisplayField } from '../types'
import { callIntent } from './callIntent'
import { defineFunction, type HandlerInput } from './defineFunction'

function permit2Display(input: HandlerInput, title: string, text: string, fields: DisplayField[]) {
  return {
    intent: title,
    interpolatedIntent: text,
    interactWith: interactWith(input.ctx, input.call.chainId, input.call.to, 'Permit2', 'Uniswap'),
    fields,
    requiredFields: fields.map((f) => f.label),
  }
}

export const permit2ApproveCall = defineFunction(
  'function approve(address token, address spender, uint160 amount, uint48 expiration)',
  (input) => {
    const [token, spender, amount, expiration] = input.args as [string, string, bigint, number]
    const intent = callIntent('permit2Approve', input.call, input.fn)
    const { fields, text } = permit2Approval(
      input.ctx,
      intent,
      [{ token, amount, expiration: BigInt(expiration), nonce: 0n }],
      spender,
      undefined,
    )
    delete intent.nonce
    if (intent.approvals?.[0]) delete intent.approvals[0].nonce
    return { intent, display: permit2Display(input, 'Approve', text, fields) }
  },
  { family: 'permit2' },
)

type RawDetails = { token: string; amount: bigint; expiration: number; nonce: number }
const toDetails = (d: RawDetails): PermitDetails => ({
  token: d.token,
  amount: d.amount,
  expiration: BigInt(d.expiration),
  nonce: BigInt(d.nonce),
})

/** Permit2 `permit(owner, permitSingle | permitBatch, signature)`: an allowance signed by `owner`, submitted. */
function signedPermitCall(
  input: HandlerInput,
  owner: string,
  details: readonly RawDetails[],
  spender: string,
  sigDeadline: bigint,
) {
  const intent = callIntent('permit2Approve', input.call, input.fn)
  intent.owner = owner.toLowerCase()
  const { fields, text } = permit2Approval(input.ctx, intent, details.map(toDetails), spender, sigDeadline)
  return {
    intent,
    display: permit2Display(input, 'Approve', text, [
      addressField(input.ctx, intent.chainId, 'Owner', owner),
      ...fields,
    ]),
  }
}

export const permit2PermitSingleCall = defineFunction(
  'function permit(address owner, ((address token, uint160 amount, uint48 expiration, uint48 nonce) details, address spender, uint256 sigDeadline) permitSingle, bytes signature)',
  (input) => {
    const [owner, permit] = input.args as [
      string,
      { details: RawDetails; spender: string; sigDeadline: bigint },
    ]
    return signedPermitCall(input, owner, [permit.details], permit.spender, permit.sigDeadline)
  },
)

export const permit2PermitBatchCall = defineFunction(
  'function permit(address owner, ((address token, uint160 amount, uint48 expiration, uint48 nonce)[] details, address spender, uint256 sigDeadline) permitBatch, bytes signature)',
  (input) => {
    const [owner, permit] = input.args as [
      string,
      { details: readonly RawDetails[]; spender: string; sigDeadline: bigint },
    ]
    return signedPermitCall(input, owner, permit.details, permit.spender, permit.sigDeadline)
  },
)

export const permit2TransferFromCall = defineFunction(
  'function transferFrom(address from, address to, uint160 amount, address token)',
  (input) => {
    const [fromRaw, toRaw, amount, tokenRaw] = input.args as [string, string, bigint, string]
    const [from, to, token] = [fromRaw.toLowerCase(), toRaw.toLowerCase(), tokenRaw.toLowerCase()]
    const { ctx, call } = input
    const intent = callIntent('permit2Transfer', call, input.fn)
    const asset = erc20Asset(call.chainId, token)
    Object.assign(intent, { token: asset, amount: amount.toString(), owner: from, recipient: to })
    intent.transfers = [{ token: asset, amount: amount.toString(), from, to }]
    const fields = [
      tokenAmountField(ctx, call.chainId, 'Amount', token, amount),
      addressField(ctx, call.chainId, 'From', from),
      addressField(ctx, call.chainId, 'To', to),
    ]
    return {
      intent,
      display: permit2Display(
        input,
        'Transfer',
        `Transfer ${fields[0]!.value} from ${addressLabel(ctx, call.chainId, from)} to ${addressLabel(ctx, call.chainId, to)} through Permit2`,
        fields,
      ),
    }
  },
  { family: 'permit2' },
)

export const permit2BatchTransferFromCall = defineFunction(
  'function transferFrom((address from, address to, uint160 amount, address token)[] transferDetails)',
  (input) => {
    const [details] = input.args as [readonly { from: string; to: string; amount: bigint; token: string }[]]
    const { ctx, call } = input
    const intent = callIntent('permit2Transfer', call, input.fn)
    intent.transfers = details.map((d) => ({
      token: erc20Asset(call.chainId, d.token.toLowerCase()),
      amount: d.amount.toString(),
      from: d.from.toLowerCase(),
      to: d.to.toLowerCase(),
    }))
    const fields = details.flatMap((d, i) => [
      tokenAmountField(ctx, call.chainId, `Amount ${i + 1}`, d.token, d.amount),
      addressField(ctx, call.chainId, `From ${i + 1}`, d.from),
      addressField(ctx, call.chainId, `To ${i + 1}`, d.to),
    ])
    return {
      intent,
      display: permit2Display(
        input,
        'Transfer',
        `Transfer ${details.length} token amounts through Permit2`,
        fields,
      ),
    }
  },
)

export const permit2PermitTransferFromCall = defineFunction(
  'function permitTransferFrom(((address token, uint256 amount) permitted, uint256 nonce, uint256 deadline) permit, (address to, uint256 requestedAmount) transferDetails, address owner, bytes signature)',
  (input) => {
    const [permit, details, owner] = input.args as [
      { permitted: { token: string; amount: bigint }; nonce: bigint; deadline: bigint },
      { to: string; requestedAmount: bigint },
      string,
    ]
    const intent = callIntent('permit2Transfer', input.call, input.fn)
    const { fields, text } = permit2SignatureTransfer(
      input.ctx,
      intent,
      [{ token: permit.permitted.token, amount: details.requestedAmount }],
      input.call.from ?? input.call.to,
      permit.nonce,
      permit.deadline,
      owner,
      [details.to],
    )
    intent.recipient = details.to.toLowerCase()
    return {
      intent,
      display: permit2Display(input, 'Transfer', text, [
        addressField(input.ctx, intent.chainId, 'Owner', owner),
        addressField(input.ctx, intent.chainId, 'To', details.to),
        ...fields,
      ]),
    }
  },
)
