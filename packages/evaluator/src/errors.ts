/** One problem with an input, located by a JSON Pointer into the document that has it. */
export interface EvaluatorIssue {
  /** Stable code to match on (for schema errors, `schema.<keyword>`). */
  code: string
  /** JSON Pointer (RFC 6901) to the offending value. */
  path: string
  message: string
}

export type EvaluatorErrorCode =
  | 'INVALID_POLICIES'
  | 'INVALID_PRESETS'
  | 'INVALID_ENTITIES'
  | 'UNKNOWN_PRESET'
  | 'NO_ATTESTATION_KEY'

/** A configuration the evaluator refuses to load: policies, presets or entities that are not valid. */
export class EvaluatorError extends Error {
  override readonly name = 'EvaluatorError'
  readonly code: EvaluatorErrorCode
  readonly details: { issues: EvaluatorIssue[] }

  constructor(code: EvaluatorErrorCode, message: string, issues: EvaluatorIssue[] = []) {
    super(message)
    this.code = code
    this.details = { issues }
  }
}
