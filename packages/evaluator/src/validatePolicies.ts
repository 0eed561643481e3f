import type { EvaluatorIssue } from './errors'
import type { Policy } from './generated/policy'
import type { Preset } from './generated/preset'
import { MAX_APPROVAL_SETS } from './preparePolicies'
import { requestTimeIssues } from './requestTime'
import { authoringIssues, SCHEMA_IDS, validator } from './schemaValidators'

export interface PolicyValidationResult {
  valid: boolean
  issues: EvaluatorIssue[]
}

/**
 * Adds an issue for each policy whose id an earlier one has. Issues are added one by one, not spread into one
 * call: a file can hold hundreds of thousands of them, more than a call takes arguments.
 */
function addDuplicateIds(
  issues: EvaluatorIssue[],
  policies: readonly { id?: unknown }[],
  base: string,
): void {
  const seen = new Map<string, number>()
  policies.forEach((policy, index) => {
    if (typeof policy?.id !== 'string') return
    const first = seen.get(policy.id)
    if (first === undefined) seen.set(policy.id, index)
    else
      issues.push({
        code: 'duplicate-policy-id',
        path: `${base}/${index}/id`,
        message: `policy id "${policy.id}" is already used at ${base}/${first}/id`,
      })
  })
}

/**
 * Adds what the schema cannot check of each policy: known time zones, windows that end after they start, and no more
 * than MAX_APPROVAL_SETS sets of approvals once its checkApprovals are combined.
 */
function addSemanticIssues(issues: EvaluatorIssue[], policies: readonly Policy[], base: string): void {
  policies.forEach((policy, index) => {
    for (const issue of requestTimeIssues(policy.when, `${base}/${index}/when`)) issues.push(issue)
    let sets = 1
    for (const criterion of policy.when)
      if (criterion.criterion === 'checkApprovals' && !Array.isArray(criterion.args))
        sets *= criterion.args.anyOf.length
    if (sets > MAX_APPROVAL_SETS)
      issues.push({
        code: 'too-many-approval-sets',
        path: `${base}/${index}/when`,
        message: `the policy's checkApprovals combine into ${sets} sets of approvals, more than ${MAX_APPROVAL_SETS}`,
      })
  })
}

/** Validates a policy file (an array of policies) against policy.schema.json, and checks ids are unique. */
export function validatePolicies(policies: unknown): PolicyValidationResult {
  const validate = validator(SCHEMA_IDS.policySet)
  const valid = validate(policies)
  const issues = valid ? [] : authoringIssues(validate.errors)
  if (Array.isArray(policies)) addDuplicateIds(issues, policies as Policy[], '')
  // What the schema cannot say, checked on the shapes it has vouched for.
  if (valid) addSemanticIssues(issues, policies as Policy[], '')
  return { valid: issues.length === 0, issues }
}

/** Validates presets against preset.schema.json, and checks preset ids and each preset's policy ids are unique. */
export function validatePresets(presets: unknown): PolicyValidationResult {
  if (!Array.isArray(presets)) {
    return {
      valid: false,
      issues: [{ code: 'schema.type', path: '', message: 'must be an array of presets' }],
    }
  }
  const validate = validator(SCHEMA_IDS.preset)
  const issues: EvaluatorIssue[] = []
  const ids = new Map<string, number>()
  presets.forEach((preset: Preset, index) => {
    if (!validate(preset))
      for (const issue of authoringIssues(validate.errors, `/${index}`)) issues.push(issue)
    else addSemanticIssues(issues, preset.policies, `/${index}/policies`)
    if (Array.isArray(preset?.policies)) addDuplicateIds(issues, preset.policies, `/${index}/policies`)
    if (typeof preset?.id !== 'string') return
    const first = ids.get(preset.id)
    if (first === undefined) ids.set(preset.id, index)
    else
      issues.push({
        code: 'duplicate-preset-id',
        path: `/${index}/id`,
        message: `preset id "${preset.id}" is already used at /${first}/id`,
      })
  })
  return { valid: issues.length === 0, issues }
}
