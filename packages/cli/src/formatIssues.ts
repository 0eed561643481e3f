import { formatSarif } from './formatSarif'
import type { LocatedIssue, OutputFormat } from './locatedIssue'

/**
 * `file:line:col  severity  code  message (at pointer)`, one line per issue: the location editors and terminals
 * link, and the JSON Pointer of the value, which stays exact where a line holds several values.
 */
function text(issues: readonly LocatedIssue[]): string {
  return issues
    .map((i) => {
      const at = i.path ? ` (at ${i.path})` : ''
      return `${i.file}:${i.line}:${i.column}  ${i.severity}  ${i.code}  ${i.message}${at}\n`
    })
    .join('')
}

/** A JSON array of issues, for scripts. */
function json(issues: readonly LocatedIssue[]): string {
  const rows = issues.map(({ file, path, line, column, code, severity, message }) => ({
    file,
    path,
    line,
    column,
    code,
    severity,
    message,
  }))
  return `${JSON.stringify(rows, null, 2)}\n`
}

// GitHub workflow commands: data escapes %, CR and LF; properties also escape : and ,.
const escapeData = (value: string) =>
  value.replaceAll('%', '%25').replaceAll('\r', '%0D').replaceAll('\n', '%0A')
const escapeProperty = (value: string) => escapeData(value).replaceAll(':', '%3A').replaceAll(',', '%2C')

/** GitHub Actions annotations, so issues show on the pull request's changed lines. */
function github(issues: readonly LocatedIssue[]): string {
  return issues
    .map((i) => {
      const properties = `file=${escapeProperty(i.file)},line=${i.line},col=${i.column},title=${escapeProperty(i.code)}`
      return `::${i.severity} ${properties}::${escapeData(`${i.message} (${i.path || '/'})`)}\n`
    })
    .join('')
}

/** Renders issues for stdout in the chosen format. */
export function formatIssues(issues: readonly LocatedIssue[], format: OutputFormat): string {
  switch (format) {
    case 'json':
      return json(issues)
    case 'github':
      return github(issues)
    case 'sarif':
      return formatSarif(issues)
    default:
      return text(issues)
  }
}
