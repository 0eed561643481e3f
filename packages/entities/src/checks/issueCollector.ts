import { ENTITY_ISSUE_CODES, type EntityIssue } from '../issue'

/** Default bound on reported issues, so a hostile or badly broken document cannot exhaust memory. */
export const DEFAULT_MAX_ISSUES = 10_000

/** Gathers issues up to a bound; past it, one issues-truncated warning says how many were dropped. */
export class IssueCollector {
  readonly issues: EntityIssue[] = []
  #dropped = 0
  #hasError = false

  constructor(readonly max: number = DEFAULT_MAX_ISSUES) {}

  add(issue: EntityIssue): void {
    if (issue.severity === 'error') this.#hasError = true
    if (this.issues.length < this.max) this.issues.push(issue)
    else this.#dropped++
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
