import { defineErrors, type ErrorRegistry } from '@rampart/entities'
import type { DecoderError } from '../generated/resolution'

/**
 * The decoder's errors, by their stable names, and what each means. A decoding failure is a value, never thrown
 * out of `decodeRequest`: its `name` is the key here and its `code` the number of decoderErrorCodes.
 */
export const decoderErrors = {
  invalidRequest: { meaning: 'Not an object with a string method.' },
  unsupportedMethod: { meaning: 'A method this decoder does not read.' },
  invalidParams: { meaning: 'params has the wrong shape for the method.' },
  malformedHex: { meaning: 'Hex that is not 0x-prefixed, even-length hex.' },
  invalidAddress: { meaning: 'Not a 20-byte address.' },
  invalidQuantity: { meaning: 'Not a non-negative 256-bit quantity.' },
  invalidTransaction: {
    meaning: 'Contradictory or empty fields (data and input differ; no to and no code).',
  },
  truncatedCalldata: { meaning: 'Calldata, a MultiSend entry or a command input ends early.' },
  trailingBytes: { meaning: 'Bytes after the encoded arguments of a built-in function.' },
  unknownSelector: {
    meaning: 'No built-in function and no descriptor for the selector (still a contractCall).',
  },
  ambiguousSelector: {
    meaning: 'An ERC-20/ERC-721 shared selector that neither the registry nor the data settles.',
  },
  abiDecodingFailed: {
    meaning: 'Arguments that do not decode (dirty bits, bad Safe operation, length mismatch).',
  },
  unknownCommand: { meaning: 'A Universal Router command whose effects are not decoded.' },
  sizeLimitExceeded: { meaning: 'Calldata, a batch, typed data or a message over its size limit.' },
  depthLimitExceeded: { meaning: 'Calls or typed data nested deeper than their limit.' },
  invalidTypedData: {
    meaning: 'Typed data that is not JSON, lacks parts, or whose message contradicts its types.',
  },
  invalidUserOperation: { meaning: 'A user operation without sender, nonce or callData.' },
  descriptorFailed: { meaning: 'Reserved: a descriptor failed while it was the only reading.' },
  internalError: { meaning: 'An unexpected failure (no stack trace is exposed).' },
} satisfies ErrorRegistry

export type DecoderErrorName = keyof typeof decoderErrors

/**
 * Stable numeric codes of decoder errors, keyed by their stable names. Both never change meaning:
 * users match on them. Ranges: 10xx request shape, 11xx value syntax, 12xx calldata, 13xx limits,
 * 14xx signing payloads, 15xx descriptors, 19xx internal.
 */
export const decoderErrorCodes = {
  invalidRequest: 1000,
  unsupportedMethod: 1001,
  invalidParams: 1002,
  malformedHex: 1100,
  invalidAddress: 1101,
  invalidQuantity: 1102,
  invalidTransaction: 1103,
  truncatedCalldata: 1200,
  trailingBytes: 1201,
  unknownSelector: 1202,
  ambiguousSelector: 1203,
  abiDecodingFailed: 1204,
  unknownCommand: 1205,
  sizeLimitExceeded: 1300,
  depthLimitExceeded: 1301,
  invalidTypedData: 1400,
  invalidUserOperation: 1401,
  descriptorFailed: 1500,
  internalError: 1900,
} as const satisfies Record<DecoderErrorName, number>

/** Where a decoding failure is (a JSON Pointer into the request) and its specifics. */
export interface DecodingErrorDetails {
  path?: string
  context?: Record<string, unknown> | null
}

/**
 * A decoding failure raised inside the decoder, `new DecodingError(name, message, { path, context })`;
 * `decodeRequest` turns it into a `DecoderError` value.
 */
export class DecodingError extends defineErrors('DecodingError', decoderErrors)<DecodingErrorDetails>() {
  /** The stable integer of the code. */
  get numericCode(): number {
    return decoderErrorCodes[this.code]
  }

  get path(): string {
    return this.details.path ?? ''
  }

  /** The plain value resolutions carry. */
  asDecoderError(): DecoderError {
    return decoderError(this.code, this.message, this.path, this.details.context ?? null)
  }
}

/** Builds the plain `DecoderError` value carried in resolutions. */
export function decoderError(
  codeName: DecoderErrorName,
  message: string,
  path = '',
  context: Record<string, unknown> | null = null,
): DecoderError {
  return { code: decoderErrorCodes[codeName], name: codeName, message, path, context }
}

/** Anything thrown while decoding becomes a `DecoderError`; unexpected errors never leak their stack. */
export function toDecoderError(error: unknown, path = ''): DecoderError {
  if (error instanceof DecodingError) return error.asDecoderError()
  return decoderError('internalError', 'The decoder failed unexpectedly on this input.', path, null)
}
