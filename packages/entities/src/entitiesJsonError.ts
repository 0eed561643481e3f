/** Why a text could not be read as an Entities document. */
export type EntitiesJsonErrorCode =
  | 'json.too-large'
  | 'json.invalid-utf8'
  | 'json.syntax'
  | 'json.too-deep'
  | 'json.forbidden-key'
  | 'json.duplicate-key'

export interface EntitiesJsonErrorDetails {
  /** JSON Pointer to the offending value, when the text parsed far enough to have one. */
  path?: string
  /** 1-based line and column of a syntax error, or of the first byte that is not UTF-8. */
  line?: number
  column?: number
  /** For json.invalid-utf8: the offset, in bytes, of the first byte that is not UTF-8. */
  offset?: number
  /** The bound that was exceeded, for json.too-large (bytes) and json.too-deep (nesting levels). */
  limit?: number
}

/** Raised by parseEntitiesJson for text that is not a safe, well-formed JSON document. */
export class EntitiesJsonError extends Error {
  override readonly name = 'EntitiesJsonError'

  constructor(
    readonly code: EntitiesJsonErrorCode,
    message: string,
    readonly details: EntitiesJsonErrorDetails = {},
  ) {
    super(message)
  }

  /** JSON Pointer to the offending value ('' for the whole document). */
  get path(): string {
    return this.details.path ?? ''
  }
}
