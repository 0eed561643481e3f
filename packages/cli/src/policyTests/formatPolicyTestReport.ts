import { formatIssues } from '../formatIssues'
import type { LocatedIssue } from '../locatedIssue'

export const POLICY_TEST_FORMATS = ['text', 'json', 'github', 'junit'] as const
export type PolicyTestFormat = (typeof POLICY_TEST_FORMATS)[number]

/** One case run: where it is written, and how its decision differed from what it expected (none: it passed). */
export interface CaseResult {
  file: string
  name: string
  /** JSON Pointer of the case in its file (/cases/3). */
  path: string
  line: number
  column: number
  failures: string[]
}

/** Everything a run found: each case, and the issues of files too malformed to run. */
export interface PolicyTestReport {
  cases: CaseResult[]
  malformed: LocatedIssue[]
}

export const summaryLine = ({ cases }: PolicyTestReport) => {
  const failed = cases.filter((result) => result.failures.length > 0).length
  return `${cases.length - failed} passed, ${failed} failed`
}

/** `file:line:col  FAIL  name` with each difference indented under it, editors and terminals link the location. */
function text(report: PolicyTestReport): string {
  const failed = report.cases
    .filter((result) => result.failures.length > 0)
    .map(
      (result) =>
        `${result.file}:${result.line}:${result.column}  FAIL  ${result.name} (at ${result.path})\n` +
        result.failures.map((failure) => `    ${failure}\n`).join(''),
    )
  return `${failed.join('')}${formatIssues(report.malformed, 'text')}${summaryLine(report)}\n`
}

function json(report: PolicyTestReport): string {
  const failed = report.cases.filter((result) => result.failures.length > 0).length
  const cases = report.cases.map((result) => ({ ...result, passed: result.failures.length === 0 }))
  const malformed = JSON.parse(formatIssues(report.malformed, 'json'))
  return `${JSON.stringify({ passed: cases.length - failed, failed, cases, malformed }, null, 2)}\n`
}

// GitHub workflow commands: data escapes %, CR and LF; properties also escape : and ,.
const escapeData = (value: string) =>
  value.replaceAll('%', '%25').replaceAll('\r', '%0D').replaceAll('\n', '%0A')
const escapeProperty = (value: string) => escapeData(value).replaceAll(':', '%3A').replaceAll(',', '%2C')

/** GitHub Actions annotations at each failed case, then the summary as a plain log line. */
function github(report: PolicyTestReport): string {
  const failed = report.cases
    .filter((result) => result.failures.length > 0)
    .map((result) => {
      const properties = `file=${escapeProperty(result.file)},line=${result.line},col=${result.column},title=${escapeProperty(`policy test failed: ${result.name}`)}`
      return `::error ${properties}::${escapeData(`${result.failures.join('\n')} (${result.path})`)}\n`
    })
  return `${failed.join('')}${formatIssues(report.malformed, 'github')}${summaryLine(report)}\n`
}

const xml = (value: string) =>
  value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    // Control characters other than tab, LF and CR are not allowed in XML 1.0 at all.
    // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '')

/** JUnit XML, as CI systems read test results: a suite per test file, a test case per case. */
function junit(report: PolicyTestReport): string {
  const files = [...new Set([...report.cases.map((c) => c.file), ...report.malformed.map((i) => i.file)])]
  const suites = files.map((file) => {
    const cases = report.cases.filter((result) => result.file === file)
    const malformed = report.malformed.filter((issue) => issue.file === file)
    const failures = cases.filter((result) => result.failures.length > 0).length
    const body = cases.map((result) => {
      const open = `    <testcase classname="${xml(file)}" name="${xml(result.name)}" file="${xml(file)}" line="${result.line}"`
      if (result.failures.length === 0) return `${open}/>\n`
      const where = `${file}:${result.line}:${result.column} (at ${result.path})`
      return `${open}>\n      <failure message="${xml(result.failures[0]!)}">${xml(`${where}\n${result.failures.join('\n')}`)}</failure>\n    </testcase>\n`
    })
    const errors = malformed.map(
      (issue) =>
        `    <testcase classname="${xml(file)}" name="${xml(`malformed: ${issue.path || '/'}`)}" file="${xml(file)}" line="${issue.line}">\n      <error message="${xml(issue.message)}" type="${xml(issue.code)}">${xml(`${file}:${issue.line}:${issue.column} (at ${issue.path || '/'})`)}</error>\n    </testcase>\n`,
    )
    return `  <testsuite name="${xml(file)}" tests="${cases.length + malformed.length}" failures="${failures}" errors="${malformed.length}">\n${body.join('')}${errors.join('')}  </testsuite>\n`
  })
  const failed = report.cases.filter((result) => result.failures.length > 0).length
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="rampart policies test" tests="${report.cases.length + report.malformed.length}" failures="${failed}" errors="${report.malformed.length}">\n${suites.join('')}</testsuites>\n`
}

/**
 * Renders a run for stdout. Text and github end with the summary line; json and junit are documents a tool
 * parses whole, so the caller prints their summary on stderr.
 */
export function formatPolicyTestReport(report: PolicyTestReport, format: PolicyTestFormat): string {
  switch (format) {
    case 'json':
      return json(report)
    case 'github':
      return github(report)
    case 'junit':
      return junit(report)
    default:
      return text(report)
  }
}
