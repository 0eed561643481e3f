import { erc20Asset, maxUint160, maxUint256 } from '../caip'
import type { DecodeContext } from '../context'
import { addressField, addressLabel, dateField, tokenAmountField } from '../display/fields'
import type { DisplayField, IntentFields } from '../types'

/** The canonical Permit2 deployment (same address on every chain). */
export const permit2Address = '0x000000000022d473030f116ddee9f6b43ac78ba3'

export interface PermitDetails {
  token: string
  amount: bigint
  expiration: bigint
  nonce: bigint
}

/** Fills a permit2Approve intent and its display fields from PermitSingle / PermitBatch / approve data. */
export function permit2Approval(
  ctx: DecodeContext,
  intent: IntentFields,
  details: readonly PermitDetails[],
  spenderRaw: string,
  sigDeadline: bigint | undefined,
): { fields: DisplayField[]; text: string } {
  const chainId = intent.chainId
  const spender = spenderRaw.toLowerCase()
  intent.type = 'permit2Approve'
  intent.spender = spender
  intent.approvals = details.map((d) => ({
    token: erc20Asset(chainId, d.token.toLowerCase()),
    amount: d.amount.toString(),
    unlimited: d.amount >= maxUint160,
    spender,
    expiration: d.expiration.toString(),
    nonce: d.nonce.toString(),
  }))
  const first = details[0]
  if (details.length === 1 && first) {
    intent.token = erc20Asset(chainId, first.token.toLowerCase())
    intent.amount = first.amount.toString()
    intent.unlimited = first.amount >= maxUint160
    intent.expiration = first.expiration.toString()
    intent.nonce = first.nonce.toString()
  }
  if (sigDeadline !== undefined) intent.deadline = sigDeadline.toString()
  const fields: DisplayField[] = [addressField(ctx, chainId, 'Spender', spender)]
  details.forEach((d, i) => {
    const suffix = details.length > 1 ? ` ${i + 1}` : ''
    fields.push(
      tokenAmountField(ctx, chainId, `Amount${suffix}`, d.token, d.amount, { unlimitedAt: maxUint160 }),
    )
    fields.push(dateField(`Approval expires${suffix}`, d.expiration))
  })
  if (sigDeadline !== undefined) fields.push(dateField('Signature deadline', sigDeadline))
  const amounts = fields.filter((f) => f.format === 'tokenAmount').map((f) => f.value)
  return {
    fields,
    text: `Allow ${addressLabel(ctx, chainId, spender)} to spend ${amounts.join(', ')} through Permit2`,
  }
}

export interface TokenPermission {
  token: string
  amount: bigint
}

/** Fills a permit2Transfer intent (signature transfer) from PermitTransferFrom-like data. */
export function permit2SignatureTransfer(
  ctx: DecodeContext,
  intent: IntentFields,
  permitted: readonly TokenPermission[],
  spenderRaw: string,
  nonce: bigint,
  deadline: bigint,
  owner?: string,
  recipients?: readonly (string | undefined)[],
): { fields: DisplayField[]; text: string } {
  const chainId = intent.chainId
  const spender = spenderRaw.toLowerCase()
  intent.type = 'permit2Transfer'
  intent.spender = spender
  intent.nonce = nonce.toString()
  intent.deadline = deadline.toString()
  if (owner) intent.owner = owner.toLowerCase()
  intent.transfers = permitted.map((p, i) => {
    const to = recipients?.[i]?.toLowerCase()
    return {
      token: erc20Asset(chainId, p.token.toLowerCase()),
      amount: p.amount.toString(),
      ...(owner ? { from: owner.toLowerCase() } : {}),
      ...(to ? { to } : {}),
    }
  })
  const first = permitted[0]
  if (permitted.length === 1 && first) {
    intent.token = erc20Asset(chainId, first.token.toLowerCase())
    intent.amount = first.amount.toString()
    intent.unlimited = first.amount === maxUint256
  }
  const fields: DisplayField[] = [addressField(ctx, chainId, 'Spender', spender)]
  permitted.forEach((p, i) => {
    fields.push(
      tokenAmountField(ctx, chainId, `Amount${permitted.length > 1 ? ` ${i + 1}` : ''}`, p.token, p.amount, {
        unlimitedAt: maxUint256,
      }),
    )
  })
  fields.push(dateField('Deadline', deadline))
  const amounts = fields.filter((f) => f.format === 'tokenAmount').map((f) => f.value)
  return {
    fields,
    text: `Allow ${addressLabel(ctx, chainId, spender)} to transfer ${amounts.join(', ')} once through Permit2`,
  }
}
