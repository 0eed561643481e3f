import type { DecodeContext } from '../context'
import type { DecoderError, Display, FunctionDescriptor, Intent, IntentFields, Resolution } from '../types'

/** The display of a resolution decoded for its intent only (decodeIntent). */
const notBuilt: Display = Object.freeze({
  intent: '',
  interpolatedIntent: '',
  interactWith: Object.freeze({
    contractAddress: null,
    contractChainId: null,
    contractName: null,
    protocolId: null,
    protocolName: null,
    protocolDescription: null,
    owner: null,
    info: null,
  }),
  fields: Object.freeze([]) as unknown as Display['fields'],
  requiredFields: Object.freeze([]) as unknown as string[],
}) as Display

export function createResolution(
  ctx: DecodeContext,
  intent: IntentFields,
  display: Display | (() => Display),
  decoding: {
    descriptor?: FunctionDescriptor | null
    hexSignature?: string | null
    error?: DecoderError | null
  },
  resolutions: Resolution[] | null = null,
): Resolution {
  if (decoding.error && !intent.decoderError) {
    intent.decoderError = { code: decoding.error.code, name: decoding.error.name }
  }
  return {
    action: ctx.action,
    // Intents are built field by field, their type set first or changed later (a Universal Router command
    // becomes a swap), so they are built as IntentFields. Here each is complete: every intent the decoder makes
    // is checked against the schema's variant for its type (test/requestFixtures.test.ts and
    // test/intentVariants.test.ts), and a check here would cost every decoding.
    intent: intent as Intent,
    display: typeof display !== 'function' ? display : ctx.display ? display() : notBuilt,
    decoding: {
      descriptor: decoding.descriptor ?? null,
      hexSignature: decoding.hexSignature ?? null,
      error: decoding.error ?? null,
    },
    resolutions: resolutions && resolutions.length > 0 ? resolutions : null,
  }
}

/** A display that says plainly that the request could not be understood. */
export function errorDisplay(error: DecoderError, title = 'Unrecognized request'): Display {
  return {
    intent: title,
    interpolatedIntent: `${title}: ${error.message}`,
    interactWith: {
      contractAddress: null,
      contractChainId: null,
      contractName: null,
      protocolId: null,
      protocolName: null,
      protocolDescription: null,
      owner: null,
      info: null,
    },
    fields: [
      {
        label: 'Error',
        format: 'raw',
        value: `${error.name}: ${error.message}`,
        address: null,
        amount: null,
        contract: null,
        token: null,
      },
    ],
    requiredFields: [],
  }
}
