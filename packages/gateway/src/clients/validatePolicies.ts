import intentSchema from '@rampart/schemas/intent.schema.json'
import policySchema from '@rampart/schemas/policy.schema.json'
import type { ValidateFunction } from 'ajv'
import type { ValidationIssue } from '../errors/gatewayError'
import { createAjv } from '../http/createAjv'
import { validationIssues } from '../http/validationIssues'

let validatePolicy: ValidateFunction | undefined

/** Checks each policy against `schemas/policy.schema.json`; issues are located from the policies array. */
export function validatePolicies(policies: readonly unknown[], pointer: string): ValidationIssue[] {
  if (!validatePolicy) {
    const ajv = createAjv({ coerceTypes: false })
    ajv.addSchema(intentSchema)
    validatePolicy = ajv.compile(policySchema)
  }
  const issues: ValidationIssue[] = []
  const ids = new Map<string, number>()
  policies.forEach((policy, index) => {
    if (!validatePolicy!(policy)) {
      for (const issue of validationIssues(validatePolicy!.errors ?? [])) {
        issues.push({ ...issue, path: `${pointer}/${index}${issue.path}` })
      }
      return
    }
    const id = (policy as { id: string }).id
    const first = ids.get(id)
    if (first !== undefined) {
      issues.push({
        path: `${pointer}/${index}/id`,
        message: `duplicates the id of ${pointer}/${first}`,
        keyword: 'uniqueId',
      })
    } else {
      ids.set(id, index)
    }
  })
  return issues
}
