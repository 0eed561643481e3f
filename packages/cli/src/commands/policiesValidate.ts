import { validatePolicies, validatePresets } from '@rampart/evaluator'
import { issueIn, readJsonFile } from '../readJsonFile'
import { locateJsonPointers } from '../sourceLocation'
import { type FileValidation, type ValidateOutputOptions, validateFiles } from '../validateFiles'

export type PoliciesValidateOptions = ValidateOutputOptions

/**
 * Validates one policy file: an array of policies (policy.schema.json), or a preset (preset.schema.json).
 * Each issue is located at its line and column; `unreadable` marks a file that could not be read.
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
  return { issues, unreadable: false }
}

/** Validates each file and prints the issues; returns the exit code. */
export function runPoliciesValidate(args: string[], options: PoliciesValidateOptions): Promise<number> {
  return validateFiles(args, options, validatePolicyFile)
}
