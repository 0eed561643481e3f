import { EXIT } from '../exitCodes'
import { expandFileArguments, FileArgumentError } from '../expandFileArguments'
import type { LocatedIssue } from '../locatedIssue'
import { EvaluatorCache } from '../policyTests/evaluatorCache'
import {
  type CaseResult,
  formatPolicyTestReport,
  type PolicyTestFormat,
  summaryLine,
} from '../policyTests/formatPolicyTestReport'
import { readPolicyTestFile } from '../policyTests/readPolicyTestFile'
import { runPolicyCase } from '../policyTests/runPolicyCase'
import { locateJsonPointers } from '../sourceLocation'

export interface PoliciesTestOptions {
  format: PolicyTestFormat
}

/**
 * Runs every case of every test file in this process (one evaluator per organization and policy set, reused by
 * all the cases and files that share them), prints the failures in the chosen format and the summary
 * `N passed, M failed`. Exits 0 when every case passed, 1 when one failed, 2 on a usage error or a test file
 * (or a file it names) that is malformed.
 */
export async function runPoliciesTest(args: string[], options: PoliciesTestOptions): Promise<number> {
  let files: string[]
  try {
    files = await expandFileArguments(args)
  } catch (error) {
    if (!(error instanceof FileArgumentError)) throw error
    process.stderr.write(`rampart: ${error.message}\n`)
    return EXIT.usage
  }
  const cache = new EvaluatorCache()
  const requestFiles = new Map<string, Promise<unknown>>()
  const cases: CaseResult[] = []
  const malformed: LocatedIssue[] = []
  for (const file of files) {
    const read = await readPolicyTestFile(file)
    if ('issues' in read) {
      malformed.push(...read.issues)
      continue
    }
    const setup = await cache.setup(read.ok)
    if ('issues' in setup) {
      // Never an empty refusal: a setup that failed without saying why still makes the file malformed.
      malformed.push(
        ...(setup.issues.length > 0
          ? setup.issues
          : [
              {
                file,
                path: '',
                line: 1,
                column: 1,
                code: 'policy-test.setup',
                severity: 'error' as const,
                message: 'the entities or policies could not be loaded',
              },
            ]),
      )
      continue
    }
    const { test, text } = read.ok
    const locations = locateJsonPointers(
      text,
      test.cases.map((_, k) => `/cases/${k}`),
    )
    for (const [k, testCase] of test.cases.entries()) {
      const failures = await runPolicyCase(setup.evaluator, file, testCase, requestFiles)
      cases.push({ file, name: testCase.name, path: `/cases/${k}`, ...locations[k]!, failures })
    }
  }
  const report = { cases, malformed }
  process.stdout.write(formatPolicyTestReport(report, options.format))
  if (options.format === 'json' || options.format === 'junit')
    process.stderr.write(`${summaryLine(report)}\n`)
  if (malformed.length > 0) return EXIT.usage
  return cases.some((result) => result.failures.length > 0) ? EXIT.invalid : EXIT.ok
}
