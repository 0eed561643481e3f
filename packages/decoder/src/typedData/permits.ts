import { erc20Asset, maxUint256 } from '../caip'
import type { DecodeContext } from '../context'
import {
  addressField,
  addressLabel,
  dateField,
  interactWith,
  rawField,
  tokenAmountField,
} from '../display/fields'
import { permit2Approval, permit2SignatureTransfer } from '../permit2/permit2Intents'
import type { DecoderError, Display, DisplayField, IntentFields, Resolution } from '../types'
import { addressOf, arrayOf, booleanOf, recordOf, uintOf } from './typedDataValues'

export interface TypedDataInput {
  ctx: DecodeContext
  chainId: number
  primaryType: string
  domain: Record<string, unknown>
  message: Record<string, unknown>
  verifyingContract?: `0x${string}` | undefined
  signer?: `0x${string}` | undefined
}

export interface TypedDataDecoded {
  intent: IntentFields
  /** Display data, or a function computing it when no descriptor displays the message. */
  display: Display | (() => Display)
  /** Calls the signature authorizes (a Safe transaction's call), decoded as nested resolutions. */
  resolutions?: Resolution[]
  /** The first decoding error of those calls: the signature must then be refused (fail closed). */
  error?: DecoderError | null
}

const m = '/params/1/message'

function baseIntent(input: TypedDataInput, type: IntentFields['type']): IntentFields {
  const intent: IntentFields = { type, chainId: input.chainId }
  if (input.signer) intent.from = input.signer
  if (input.verifyingContract) intent.contract = input.verifyingContract
  return intent
}

function display(
  input: TypedDataInput,
  title: string,
  text: string,
  fields: DisplayField[],
  name?: string | null,
  protocol?: string | null,
): Display {
  const domainName = typeof input.domain.name === 'string' ? input.domain.name : null
  return {
    intent: title,
    interpolatedIntent: text,
    interactWith: interactWith(
      input.ctx,
      input.chainId,
      input.verifyingContract,
      name ?? domainName,
      protocol ?? null,
    ),
    fields,
    requiredFields: fields.map((f) => f.label),
  }
}

/** EIP-2612 `Permit(owner, spender, value, nonce, deadline)` and DAI's `Permit(holder, spender, nonce, expiry, allowed)`. */
export function decodePermit(input: TypedDataInput): TypedDataDecoded | undefined {
  const { message: msg, ctx, chainId } = input
  const token = input.verifyingContract
  if (!token) return undefined
  const isDai = 'holder' in msg && 'allowed' in msg
  if (!isDai && !('owner' in msg && 'value' in msg)) return undefined
  const owner = addressOf(isDai ? msg.holder : msg.owner, `${m}/${isDai ? 'holder' : 'owner'}`)
  const spender = addressOf(msg.spender, `${m}/spender`)
  const amount = isDai
    ? booleanOf(msg.allowed, `${m}/allowed`)
      ? maxUint256
      : 0n
    : uintOf(msg.value, `${m}/value`)
  const deadline = uintOf(isDai ? msg.expiry : msg.deadline, `${m}/${isDai ? 'expiry' : 'deadline'}`)
  const intent = baseIntent(input, 'permit')
  Object.assign(intent, {
    token: erc20Asset(chainId, token),
    owner,
    spender,
    amount: amount.toString(),
    unlimited: amount === maxUint256,
    nonce: uintOf(msg.nonce, `${m}/nonce`).toString(),
    deadline: deadline.toString(),
  })
  const permitDisplay = (): Display => {
    const amountField = tokenAmountField(ctx, chainId, 'Amount', token, amount, { unlimitedAt: maxUint256 })
    const fields = [
      addressField(ctx, chainId, 'Owner', owner),
      addressField(ctx, chainId, 'Spender', spender),
      amountField,
      dateField(isDai ? 'Expiry' : 'Deadline', deadline),
    ]
    const revoke = amount === 0n
    return display(
      input,
      revoke ? 'Revoke permit' : 'Permit',
      revoke
        ? `Revoke ${addressLabel(ctx, chainId, spender)}'s allowance`
        : `Permit ${addressLabel(ctx, chainId, spender)} to spend ${amountField.value}`,
      fields,
      ctx.provider.token?.(chainId, token)?.symbol ?? null,
    )
  }
  return { intent, display: permitDisplay }
}

type Details = { token: string; amount: bigint; expiration: bigint; nonce: bigint }
function details(value: unknown, path: string): Details {
  const d = recordOf(value, path)
  return {
    token: addressOf(d.token, `${path}/token`),
    amount: uintOf(d.amount, `${path}/amount`),
    expiration: uintOf(d.expiration, `${path}/expiration`),
    nonce: uintOf(d.nonce, `${path}/nonce`),
  }
}
function permitted(value: unknown, path: string): { token: string; amount: bigint } {
  const p = recordOf(value, path)
  return { token: addressOf(p.token, `${path}/token`), amount: uintOf(p.amount, `${path}/amount`) }
}

/** Permit2: PermitSingle, PermitBatch, PermitTransferFrom, PermitBatchTransferFrom and their witness forms. */
export function decodePermit2(input: TypedDataInput): TypedDataDecoded | undefined {
  const { message: msg, ctx, chainId, primaryType } = input
  const intent = baseIntent(input, 'permit2Approve')
  if (input.signer) intent.owner = input.signer
  const ownerFields = input.signer ? [addressField(ctx, chainId, 'Owner', input.signer)] : []
  if (primaryType === 'PermitSingle' || primaryType === 'PermitBatch') {
    const list =
      primaryType === 'PermitSingle'
        ? [details(msg.details, `${m}/details`)]
        : arrayOf(msg.details, `${m}/details`).map((d, i) => details(d, `${m}/details/${i}`))
    const { fields, text } = permit2Approval(
      ctx,
      intent,
      list,
      addressOf(msg.spender, `${m}/spender`),
      uintOf(msg.sigDeadline, `${m}/sigDeadline`),
    )
    return {
      intent,
      display: display(input, 'Approve', text, [...ownerFields, ...fields], 'Permit2', 'Uniswap'),
    }
  }
  if (/^Permit(Batch)?(Witness)?TransferFrom$/.test(primaryType)) {
    const batch = primaryType.startsWith('PermitBatch')
    const list = batch
      ? arrayOf(msg.permitted, `${m}/permitted`).map((p, i) => permitted(p, `${m}/permitted/${i}`))
      : [permitted(msg.permitted, `${m}/permitted`)]
    const { fields, text } = permit2SignatureTransfer(
      ctx,
      intent,
      list,
      addressOf(msg.spender, `${m}/spender`),
      uintOf(msg.nonce, `${m}/nonce`),
      uintOf(msg.deadline, `${m}/deadline`),
      input.signer,
    )
    const witness = primaryType.includes('Witness')
    if (witness) fields.push(rawField('Witness', JSON.stringify(msg.witness ?? null)))
    return {
      intent,
      display: display(
        input,
        witness ? 'Sign order' : 'Transfer',
        text,
        [...ownerFields, ...fields],
        'Permit2',
        'Uniswap',
      ),
    }
  }
  return undefined
}
