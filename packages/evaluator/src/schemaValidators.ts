import { describeSchemaErrors, patternEngine } from '@rampart/entities'
import decisionSchema from '@rampart/schemas/evaluator/decision.schema.json'
import evaluationRequestSchema from '@rampart/schemas/evaluator/evaluationRequest.schema.json'
import policySetSchema from '@rampart/schemas/evaluator/policySet.schema.json'
import intentSchema from '@rampart/schemas/intent.schema.json'
import policySchema from '@rampart/schemas/policy.schema.json'
import presetSchema from '@rampart/schemas/preset.schema.json'
import type { ErrorObject, ValidateFunction } from 'ajv'
import Ajv2020 from 'ajv/dist/2020.js'
import type { EvaluatorIssue } from './errors'

let ajv: Ajv2020 | undefined

/** One Ajv instance for the evaluator's schemas, compiled once, on first use. */
function instance(): Ajv2020 {
  if (!ajv) {
    // discriminator: a policy criterion is checked against the one branch its `criterion` names, so an error
    // says what is wrong with that criterion's arguments instead of listing every other criterion.
    ajv = new Ajv2020({
      allErrors: true,
      discriminator: true,
      // Errors carry their schema and value, for the authoring messages of policies (describeSchemaErrors).
      verbose: true,
      strict: false,
      code: { regExp: patternEngine },
    })
    ajv.addSchema([
      intentSchema,
      policySchema,
      presetSchema,
      policySetSchema,
      evaluationRequestSchema,
      decisionSchema,
    ])
  }
  return ajv
}

const cache = new Map<string, ValidateFunction>()

export function validator(id: string): ValidateFunction {
  let validate = cache.get(id)
  if (!validate) {
    validate = instance().getSchema(id)
    if (!validate) throw new Error(`schema ${id} is not registered`)
    cache.set(id, validate)
  }
  return validate
}

export const SCHEMA_IDS = {
  policySet: policySetSchema.$id,
  preset: presetSchema.$id,
  request: evaluationRequestSchema.$id,
  decision: decisionSchema.$id,
} as const

/** Turns Ajv errors into issues with JSON Pointers, under a base pointer. */
export function issuesFromAjv(errors: ErrorObject[] | null | undefined, base = ''): EvaluatorIssue[] {
  return (errors ?? []).map((error) => {
    const missing = error.keyword === 'required' ? `/${String(error.params.missingProperty)}` : ''
    const extra =
      error.keyword === 'additionalProperties' ? `/${String(error.params.additionalProperty)}` : ''
    const detail = extra ? ` (${extra.slice(1)})` : ''
    return {
      code: `schema.${error.keyword}`,
      path: `${base}${error.instancePath}${missing}${extra}`,
      message: `${error.message ?? 'is invalid'}${detail}`,
    }
  })
}

/**
 * The issues of a policy or preset file in the authoring style `entities validate` shares: allowed values listed,
 * a did-you-mean for a misspelt criterion, argument or member, one issue per mistake (a misspelt criterion is not
 * also reported by the discriminator).
 */
export function authoringIssues(errors: ErrorObject[] | null | undefined, base = ''): EvaluatorIssue[] {
  return describeSchemaErrors(errors ?? []).map(({ keyword, path, message }) => ({
    code: `schema.${keyword}`,
    path: `${base}${path}`,
    message,
  }))
}
