import { ENTITY_ISSUE_CODES, type EntityIssue } from '../issue'

/** Default bound on reported issues, so a hostile or badly broken document cannot exhaust memory. */
export const DEFAULT_MAX_ISSUES = 10_000

/**
 * Gathers issues up to a bound; past it, one issues-truncated warning says how many were dropped. The issues kept
 * hold an error whenever one was found, so a reader (or a CI job) never sees only warnings on an invalid document.
 */
export class IssueCollector {
  readonly issues: EntityIssue[] = []
  #dropped = 0
  #hasError = false

  constructor(readonly max: number = DEFAULT_MAX_ISSUES) {}

  add(issue: EntityIssue): void {
    if (this.issues.length < this.max) this.issues.push(issue)
    else {
      this.#dropped++
      // An invalid result must show why: when warnings filled the bound, the first error takes the last one's place.
      if (issue.severity === 'error' && !this.#hasError && this.issues.length > 0) {
        this.issues[this.issues.length - 1] = issue
      }
    }
    if (issue.severity === 'error') this.#hasError = true
  }

  get hasError(): boolean {
    return this.#hasError
  }

  finish(): EntityIssue[] {
    if (this.#dropped > 0) {
      this.issues.push({
        code: ENTITY_ISSUE_CODES.issuesTruncated,
        severity: 'warning',
        path: '',
        message: `${this.#dropped} more issues were not reported (limit ${this.max})`,
      })
    }
    return this.issues
  }
}
