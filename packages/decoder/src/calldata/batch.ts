import type { DecodeContext } from '../context'
import { addressLabel, interactWith, rawField } from '../display/fields'
import { DecodingError } from '../errors/decodingError'
import { limits } from '../limits'
import type { Call, DecoderError, Display, DisplayField, IntentFields, Resolution } from '../types'
import { callIntent } from './callIntent'
import type { CallDecoder, Decoded, HandlerInput } from './defineFunction'

export interface InnerCall {
  call: Call
  /** JSON Pointer of the inner call's data, below the outer call's data. */
  path: string
}

/** The address a call's code acts as: the callee, or the delegator for a DELEGATECALL. */
export function selfOf(call: Call & { to: `0x${string}` }): `0x${string}` {
  return call.executor ?? call.to
}

export function checkBatchSize(count: number, path: string): void {
  if (count > limits.maxBatchItems) {
    throw new DecodingError(
      'sizeLimitExceeded',
      `A batch holds ${count} calls; the limit is ${limits.maxBatchItems}.`,
      {
        path,
        context: { maxItems: limits.maxBatchItems, items: count },
      },
    )
  }
}

/** Decodes each inner call one level deeper with `decodeCall`, marking delegatecalls. */
export function decodeInnerCalls(
  inners: readonly InnerCall[],
  ctx: DecodeContext,
  depth: number,
  decodeCall: CallDecoder,
): Resolution[] {
  return inners.map(({ call, path }) => {
    const resolution = decodeCall(call, ctx, depth + 1, path)
    if (call.operation === 'delegatecall') {
      resolution.intent.operation = 'delegatecall'
      addFlag(resolution.intent, 'delegatecall')
    } else if (call.operation === 'call') {
      resolution.intent.operation = 'call'
    }
    return resolution
  })
}

export function addFlag(intent: IntentFields, flag: string): void {
  intent.flags = intent.flags ?? []
  if (!intent.flags.includes(flag)) intent.flags.push(flag)
}

/**
 * A batch-like call: its intent lists the inner intents, inherits their warning flags, and carries the first
 * inner decoding error so that a policy refusing on `decoderError` refuses the whole batch (fail closed).
 */
export function batchDecoded(
  input: HandlerInput,
  options: {
    type?: IntentFields['type']
    title: string
    protocol?: string | null
    contractName?: string | null
    fields?: DisplayField[]
    inners: readonly InnerCall[]
    configure?: (intent: IntentFields, resolutions: Resolution[]) => void
  },
): Decoded {
  const { call, ctx, depth } = input
  checkBatchSize(options.inners.length, input.path)
  const resolutions = decodeInnerCalls(options.inners, ctx, depth, input.decodeCall)
  const intent = callIntent(options.type ?? 'batch', call, input.fn)
  intent.intents = resolutions.map((r) => r.intent)
  for (const r of resolutions) for (const flag of r.intent.flags ?? []) addFlag(intent, flag)
  options.configure?.(intent, resolutions)
  const error = firstNestedError(resolutions)
  const summary = resolutions.map((r, i) => rawField(`Call ${i + 1}`, r.display.interpolatedIntent))
  const display: Display = {
    intent: options.title,
    interpolatedIntent: `${options.title}: ${resolutions.map((r) => r.display.interpolatedIntent).join('; ')}`,
    interactWith: interactWith(
      ctx,
      call.chainId,
      call.to,
      options.contractName ?? null,
      options.protocol ?? null,
    ),
    fields: [...(options.fields ?? []), ...summary],
    requiredFields: [],
  }
  display.requiredFields = display.fields.map((f) => f.label)
  return { intent, display, resolutions, error }
}

export function firstNestedError(resolutions: readonly Resolution[]): DecoderError | null {
  for (const r of resolutions) {
    if (r.decoding.error) return r.decoding.error
  }
  return null
}

export function targetLabel(ctx: DecodeContext, chainId: number, address: string): string {
  return addressLabel(ctx, chainId, address)
}
