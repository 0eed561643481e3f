import { decodeInnerCalls, firstNestedError } from '../calldata/batch'
import { decodeCall } from '../calldata/decodeCall'
import { addressField, addressLabel, interactWith, nativeAmountField, rawField } from '../display/fields'
import { DecodingError, decoderError } from '../errors/decodingError'
import { parseCalldata } from '../request/values'
import type { Call, Display, DisplayField, IntentFields } from '../types'
import type { TypedDataDecoded, TypedDataInput } from './permits'
import { addressOf, uintOf } from './typedDataValues'

/** The SafeTx type a Safe hashes (Safe 1.3.0 and later); any other shape is not a transaction the Safe runs. */
const safeTxFields = [
  ['to', 'address'],
  ['value', 'uint256'],
  ['data', 'bytes'],
  ['operation', 'uint8'],
  ['safeTxGas', 'uint256'],
  ['baseGas', 'uint256'],
  ['gasPrice', 'uint256'],
  ['gasToken', 'address'],
  ['refundReceiver', 'address'],
  ['nonce', 'uint256'],
] as const

const zeroAddress = '0x0000000000000000000000000000000000000000'
const m = '/params/1/message'

/**
 * Safe `SafeTx`: what a Safe owner signs for the Safe (the domain's verifyingContract) to execute one call,
 * CALL or DELEGATECALL. It reads as the Safe's execTransaction does: a batch of that one call, decoded as a
 * nested resolution from the Safe, so policies judge the call the signature authorizes rather than an opaque
 * message. A gas refund (gasPrice > 0) is paid by the Safe in an amount the signature does not bound: it is
 * flagged, shown, and the decoding carries an error, so it is refused.
 */
export function decodeSafeTx(input: TypedDataInput, types: TypedDataTypes): TypedDataDecoded | undefined {
  const fields = types.SafeTx
  const canonical =
    fields?.length === safeTxFields.length &&
    safeTxFields.every(([name, type], i) => fields[i]?.name === name && fields[i]?.type === type)
  if (!canonical || !input.verifyingContract) return undefined
  const safe = input.verifyingContract
  const message = input.message
  const operation = Number(uintOf(message.operation, `${m}/operation`))
  if (operation > 1) {
    throw new DecodingError(
      'invalidTypedData',
      `Safe operation ${operation} is neither CALL (0) nor DELEGATECALL (1).`,
      { path: `${m}/operation` },
    )
  }
  const delegate = operation === 1
  const to = addressOf(message.to, `${m}/to`)
  const value = uintOf(message.value, `${m}/value`)
  const nonce = uintOf(message.nonce, `${m}/nonce`)
  const gasPrice = uintOf(message.gasPrice, `${m}/gasPrice`)
  const gasToken = addressOf(message.gasToken, `${m}/gasToken`)
  const refundReceiver = addressOf(message.refundReceiver, `${m}/refundReceiver`)
  const call: Call = {
    chainId: input.chainId,
    from: safe,
    to,
    data: parseCalldata(message.data, m, 'data'),
    value,
    operation: delegate ? 'delegatecall' : 'call',
    ...(delegate ? { executor: safe } : {}),
  }
  const resolutions = decodeInnerCalls([{ call, path: `${m}/data` }], input.ctx, 0, decodeCall)
  const inner = resolutions[0]!
  const intent: IntentFields = { type: 'batch', chainId: input.chainId }
  if (input.signer) intent.from = input.signer
  intent.to = safe
  intent.contract = safe
  intent.nonce = nonce.toString()
  intent.operation = delegate ? 'delegatecall' : 'call'
  intent.intents = [inner.intent]
  const flags = new Set(inner.intent.flags ?? [])
  if (gasPrice > 0n) flags.add('safeGasRefund')
  if (flags.size > 0) intent.flags = [...flags]
  const { ctx, chainId } = input
  const shown: DisplayField[] = [
    addressField(ctx, chainId, 'Safe', safe),
    addressField(ctx, chainId, 'To', to),
    nativeAmountField('Value', value, chainId),
    rawField('Operation', delegate ? 'DELEGATECALL' : 'CALL'),
    rawField('Safe nonce', nonce.toString()),
    rawField('Call', inner.display.interpolatedIntent),
  ]
  if (gasPrice > 0n) {
    const refundTo =
      refundReceiver === zeroAddress ? 'the executor' : addressLabel(ctx, chainId, refundReceiver)
    const currency = gasToken === zeroAddress ? 'the native currency' : addressLabel(ctx, chainId, gasToken)
    shown.push(
      rawField('Gas refund', `Paid by the Safe to ${refundTo} in ${currency}, at ${gasPrice} per gas`),
    )
  }
  const display: Display = {
    intent: 'Sign Safe transaction',
    interpolatedIntent: `Sign for ${addressLabel(ctx, chainId, safe)} to ${delegate ? 'DELEGATECALL' : 'execute'}: ${inner.display.interpolatedIntent}`,
    interactWith: interactWith(ctx, chainId, safe, 'Safe', 'Safe'),
    fields: shown,
    requiredFields: shown.map((f) => f.label),
  }
  // The refund is (gas used + baseGas) x gasPrice of gasToken, paid by the Safe to refundReceiver (the executor
  // when zero): baseGas and gasPrice are the signer's to set, so it can empty the Safe, and no intent bounds it.
  const refused =
    gasPrice > 0n
      ? decoderError(
          'invalidTypedData',
          'A Safe transaction that refunds gas (gasPrice > 0) pays the executor an amount no intent bounds; it is refused.',
          `${m}/gasPrice`,
          { gasPrice: gasPrice.toString(), gasToken, refundReceiver },
        )
      : null
  return { intent, display, resolutions, error: firstNestedError(resolutions) ?? refused }
}

export type TypedDataTypes = Record<string, readonly { name: string; type: string }[]>
