import { DEFAULT_MAX_BYTES, EntitiesJsonError, parseEntitiesJson } from '@rampart/entities'
import { validatePolicies, validatePresets } from '@rampart/evaluator'
import { jsonFileText } from '../jsonFileText'
import type { LocatedIssue } from '../locatedIssue'
import { locateJsonError } from '../locateJsonError'
import { readErrorReason } from '../readErrorReason'
import { locateJsonPointers } from '../sourceLocation'
import { readBounded } from '../validateEntityFile'
import { type FileValidation, type ValidateOutputOptions, validateFiles } from '../validateFiles'

export type PoliciesValidateOptions = ValidateOutputOptions

/**
 * Validates one policy file: an array of policies (policy.schema.json), or a preset (preset.schema.json).
 * Each issue is located at its line and column; `unreadable` marks a file that could not be read.
 */
export async function validatePolicyFile(file: string): Promise<FileValidation> {
  const located = (
    path: string,
    line: number,
    column: number,
    code: string,
    message: string,
  ): LocatedIssue => ({
    file,
    path,
    line,
    column,
    code,
    severity: 'error',
    message,
  })
  let read: Buffer | undefined
  try {
    read = await readBounded(file, DEFAULT_MAX_BYTES)
  } catch (error) {
    return { issues: [located('', 1, 1, 'file.unreadable', readErrorReason(error))], unreadable: true }
  }
  if (read === undefined) {
    const message = `file is more than the ${DEFAULT_MAX_BYTES} bytes accepted`
    return { issues: [located('', 1, 1, 'json.too-large', message)], unreadable: false }
  }
  // Stays empty when the bytes are not UTF-8; that error carries its own line and column.
  let text = ''
  let doc: unknown
  try {
    text = jsonFileText(read)
    // The same bounded JSON reader as Entities documents: size and depth limits, errors with line and column.
    doc = parseEntitiesJson(text)
  } catch (error) {
    if (!(error instanceof EntitiesJsonError)) throw error
    const { line, column } = locateJsonError(text, error)
    return { issues: [located(error.path, line, column, error.code, error.message)], unreadable: false }
  }
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
