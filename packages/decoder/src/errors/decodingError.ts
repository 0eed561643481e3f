import type { DecoderError } from '../generated/resolution'

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
} as const

export type DecoderErrorName = keyof typeof decoderErrorCodes

/** A decoding failure raised inside the decoder; `decodeRequest` turns it into a `DecoderError` value. */
export class DecodingError extends Error {
  override readonly name = 'DecodingError'
  readonly code: number
  readonly codeName: DecoderErrorName
  readonly path: string
  readonly details: Record<string, unknown> | null

  constructor(
    codeName: DecoderErrorName,
    message: string,
    options: { path?: string; details?: Record<string, unknown> | null } = {},
  ) {
    super(message)
    this.codeName = codeName
    this.code = decoderErrorCodes[codeName]
    this.path = options.path ?? ''
    this.details = options.details ?? null
  }

  toJSON(): DecoderError {
    return {
      code: this.code,
      name: this.codeName,
      message: this.message,
      path: this.path,
      context: this.details,
    }
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
  if (error instanceof DecodingError) return error.toJSON()
  return decoderError('internalError', 'The decoder failed unexpectedly on this input.', path, null)
}
