import { checkPolicySet, validatePolicies, validatePresets } from '@rampart/evaluator'
import { issueIn, readJsonFile } from '../readJsonFile'
import { locateJsonPointers } from '../sourceLocation'
import { type FileValidation, type ValidateOutputOptions, validateFiles } from '../validateFiles'

export type PoliciesValidateOptions = ValidateOutputOptions

/**
 * Validates one policy file: an array of policies (policy.schema.json), or a preset (preset.schema.json).
 * Each issue is located at its line and column; `unreadable` marks a file that could not be read. A valid file
 * is then checked statically (checkPolicySet: shadowed or dead permits, permits without a limit or an approval,
 * spending limits across tokens, typed data without a verifying contract), each finding a warning.
 */
export async function validatePolicyFile(file: string): Promise<FileValidation> {
  const located = issueIn(file)
  const read = await readJsonFile(file)
  if ('issues' in read) return read
  const { doc, text } = read
  const result = Array.isArray(doc) ? validatePolicies(doc) : validatePresets([doc])
  // A preset is validated as the only item of a list: its paths lose that leading /0.
  const pointers = result.issues.map(({ path }) => (Array.isArray(doc) ? path : path.replace(/^\/0/, '')))
  const locations = pointers.length === 0 ? [] : locateJsonPointers(text, pointers)
  const issues = result.issues.map(({ code, message }, k) => {
    const { line, column } = locations[k]!
    return located(pointers[k]!, line, column, code, message)
  })
  if (issues.length > 0) return { issues, unreadable: false }
  // A preset's policies are checked as a set of their own, at their place in the preset.
  const policies = Array.isArray(doc) ? doc : (doc as { policies?: unknown }).policies
  const warnings = Array.isArray(policies)
    ? Array.isArray(doc)
      ? checkPolicySet(policies)
      : checkPolicySet(policies, '/policies', { preset: true })
    : []
  const warningLocations =
    warnings.length === 0
      ? []
      : locateJsonPointers(
          text,
          warnings.map(({ path }) => path),
        )
  for (const [k, warning] of warnings.entries()) {
    const { line, column } = warningLocations[k]!
    issues.push({
      ...located(warning.path, line, column, warning.code, warning.message),
      severity: 'warning',
    })
  }
  return { issues, unreadable: false }
}

/** Validates each file and prints the issues; returns the exit code. */
export function runPoliciesValidate(args: string[], options: PoliciesValidateOptions): Promise<number> {
  return validateFiles(args, options, validatePolicyFile)
}
