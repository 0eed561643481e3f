import { defineErrors, type ErrorRegistry } from '@rampart/entities'

/** One problem with an input, located by a JSON Pointer into the document that has it. */
export interface EvaluatorIssue {
  /** Stable code to match on (for schema errors, `schema.<keyword>`). */
  code: string
  /** JSON Pointer (RFC 6901) to the offending value. */
  path: string
  message: string
}

/**
 * Why the evaluator refuses a configuration. These are error codes, thrown; a decision's reason codes (a refusal's
 * `EVALUATION_FAILED`, ...) are values of the decision, and the issues' codes say what is wrong at each place.
 */
export const evaluatorErrors = {
  INVALID_POLICIES: { meaning: 'The policies do not validate; details.issues says where and why.' },
  INVALID_PRESETS: { meaning: 'The protocol presets do not validate; details.issues says where and why.' },
  INVALID_ENTITIES: {
    meaning:
      'The entities (or changes to them) do not validate, or the policy library cannot take them as changes; details.issues says where and why.',
  },
} satisfies ErrorRegistry

export type EvaluatorErrorCode = keyof typeof evaluatorErrors

/**
 * A configuration the evaluator refuses to load: `new EvaluatorError(code, message, { issues })`, each issue with its
 * JSON Pointer.
 */
export class EvaluatorError extends defineErrors('EvaluatorError', evaluatorErrors)<{
  issues: EvaluatorIssue[]
}>() {}
