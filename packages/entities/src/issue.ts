/** How bad an issue is: an error makes the document invalid, a warning does not. */
export type IssueSeverity = 'error' | 'warning'

/** One thing wrong with an Entities document. */
export interface EntityIssue {
  /** Stable identifier to match on; see ENTITY_ISSUE_CODES. The message may change, the code does not. */
  code: string
  severity: IssueSeverity
  /** JSON Pointer (RFC 6901) to the offending value, or to where a missing member belongs. */
  path: string
  /** Human-readable explanation. */
  message: string
  /** JSON Pointer to another value involved, such as the first entry a duplicate collides with. */
  related?: string
}

/** The result of validating an Entities document. */
export interface EntityValidationResult {
  /** True when there is no issue of severity error. Warnings do not make a document invalid. */
  valid: boolean
  issues: EntityIssue[]
}

/**
 * What validateEntities returns: when `valid`, the document itself as `entities`, typed as the document its kind
 * describes, so that checking `valid` is all a caller does before using it (as zod's safeParse hands back `data`).
 */
export type EntitiesValidation<T> =
  | { valid: true; issues: EntityIssue[]; entities: T }
  | { valid: false; issues: EntityIssue[]; entities?: undefined }

/**
 * Every code validateEntities can report, beyond the `schema.<keyword>` codes (schema.required,
 * schema.additionalProperties, schema.type, schema.enum, schema.minimum, ...) that name the JSON Schema keyword a
 * value breaks.
 */
export const ENTITY_ISSUE_CODES = {
  invalidAddress: 'invalid-address',
  addressChecksum: 'address-checksum',
  emptyId: 'empty-id',
  duplicateId: 'duplicate-id',
  duplicateMembership: 'duplicate-membership',
  danglingReference: 'dangling-reference',
  tokenIdFormat: 'token-id-format',
  tokenIdMismatch: 'token-id-mismatch',
  duplicateAccountAddress: 'duplicate-account-address',
  addressBookConflict: 'address-book-conflict',
  addressBookDuplicate: 'address-book-duplicate',
  jwkUnsupportedKty: 'jwk.unsupported-kty',
  jwkUnsupportedCurve: 'jwk.unsupported-curve',
  jwkAlgMismatch: 'jwk.alg-mismatch',
  jwkInvalidUse: 'jwk.invalid-use',
  jwkInvalidCoordinates: 'jwk.invalid-coordinates',
  jwkPointNotOnCurve: 'jwk.point-not-on-curve',
  jwkWeakKey: 'jwk.weak-key',
  jwkPrivateKey: 'jwk.private-key',
  jwkForbiddenMember: 'jwk.forbidden-member',
  duplicateKid: 'duplicate-kid',
  duplicateKey: 'duplicate-key',
  webauthnUnsupportedKey: 'webauthn.unsupported-key',
  duplicateWebAuthnId: 'duplicate-webauthn-id',
  rootWithoutCredential: 'root-without-credential',
  issuesTruncated: 'issues-truncated',
} as const

export type EntityIssueCode =
  | (typeof ENTITY_ISSUE_CODES)[keyof typeof ENTITY_ISSUE_CODES]
  | `schema.${string}`

/** Escapes one reference token for a JSON Pointer (RFC 6901). */
export function escapePointerToken(token: string): string {
  return token.replaceAll('~', '~0').replaceAll('/', '~1')
}
