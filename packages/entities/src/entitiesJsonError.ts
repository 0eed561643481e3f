import { defineErrors, type ErrorRegistry } from './defineErrors'

/**
 * Why a text could not be read as an Entities document. The codes are dotted, as the validation issue codes are
 * (`rampart entities validate` reports them as the issue of the file), and stable.
 */
export const entitiesJsonErrors = {
  'json.too-large': { meaning: 'The document is larger than the bytes accepted (details.limit).' },
  'json.invalid-utf8': {
    meaning:
      'The bytes are not UTF-8 (details.offset, line and column of the first that is not), never replaced.',
  },
  'json.syntax': { meaning: 'The text is not JSON (details.line and column of the syntax error).' },
  'json.too-deep': { meaning: 'Arrays and objects nest deeper than the levels accepted (details.limit).' },
  'json.forbidden-key': {
    meaning: 'A __proto__, constructor or prototype member, which could change objects built from it.',
  },
  'json.duplicate-key': { meaning: 'A member named twice in one object (details.path is the repeated one).' },
} satisfies ErrorRegistry

export type EntitiesJsonErrorCode = keyof typeof entitiesJsonErrors

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
export class EntitiesJsonError extends defineErrors(
  'EntitiesJsonError',
  entitiesJsonErrors,
)<EntitiesJsonErrorDetails>() {
  /** JSON Pointer to the offending value ('' for the whole document). */
  get path(): string {
    return this.details.path ?? ''
  }
}
