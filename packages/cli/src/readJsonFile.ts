import { DEFAULT_MAX_BYTES, EntitiesJsonError, parseEntitiesJson } from '@rampart/entities'
import { jsonFileText } from './jsonFileText'
import type { LocatedIssue } from './locatedIssue'
import { locateJsonError } from './locateJsonError'
import { readErrorReason } from './readErrorReason'
import { readBounded } from './validateEntityFile'

/** An error issue of `file`, at its JSON Pointer, line and column. */
export type IssueAt = (
  path: string,
  line: number,
  column: number,
  code: string,
  message: string,
) => LocatedIssue

export function issueIn(file: string): IssueAt {
  return (path, line, column, code, message) => ({
    file,
    path,
    line,
    column,
    code,
    severity: 'error',
    message,
  })
}

/**
 * Reads a JSON file as every command reads one: bounded in size, UTF-8, then the Entities reader's JSON (size and
 * depth limits, duplicate keys refused). Returns the value and its text, to locate later issues in, or the issue
 * that stopped the reading at its line and column; `unreadable` marks a file that could not be read at all.
 */
export async function readJsonFile(
  file: string,
): Promise<{ doc: unknown; text: string } | { issues: LocatedIssue[]; unreadable: boolean }> {
  const issue = issueIn(file)
  let read: Buffer | undefined
  try {
    read = await readBounded(file, DEFAULT_MAX_BYTES)
  } catch (error) {
    return { issues: [issue('', 1, 1, 'file.unreadable', readErrorReason(error))], unreadable: true }
  }
  if (read === undefined) {
    const message = `file is more than the ${DEFAULT_MAX_BYTES} bytes accepted`
    return { issues: [issue('', 1, 1, 'json.too-large', message)], unreadable: false }
  }
  // Stays empty when the bytes are not UTF-8; that error carries its own line and column.
  let text = ''
  try {
    text = jsonFileText(read)
    return { doc: parseEntitiesJson(text), text }
  } catch (error) {
    if (!(error instanceof EntitiesJsonError)) throw error
    const { line, column } = locateJsonError(text, error)
    return { issues: [issue(error.path, line, column, error.code, error.message)], unreadable: false }
  }
}
