import { checkAccounts } from './checks/checkAccounts'
import { checkAddressBook } from './checks/checkAddressBook'
import { checkCredentials } from './checks/checkCredentials'
import { checkIds } from './checks/checkIds'
import { checkMemberships } from './checks/checkMemberships'
import { checkTokens } from './checks/checkTokens'
import { DEFAULT_MAX_ISSUES, IssueCollector } from './checks/issueCollector'
import { isItem } from './checks/shared'
import { detectEntityKind, type EntityKind } from './entityKinds'
import type { EntityValidationResult } from './issue'
import { issueFromSchemaError, schemaValidator } from './schemaValidator'

export interface ValidateEntitiesOptions {
  /** The kind of document; detected from its collections when left out (see detectEntityKind). */
  kind?: EntityKind
  /** Stop collecting issues after this many (default 10,000); one issues-truncated warning then says so. */
  maxIssues?: number
}

/**
 * Validates an Entities document (a parsed JSON value) against its schema and the rules a schema cannot express:
 * unique ids, unique links, references that resolve, CAIP-19 token ids, unique addresses, a consistent address
 * book, and usable public keys. Returns every issue found, not just the first.
 */
export function validateEntities(
  doc: unknown,
  options: ValidateEntitiesOptions = {},
): EntityValidationResult {
  const kind = options.kind ?? detectEntityKind(doc)
  const issues = new IssueCollector(options.maxIssues ?? DEFAULT_MAX_ISSUES)
  const validate = schemaValidator(kind)
  if (!validate(doc)) {
    for (const error of validate.errors ?? []) issues.add(issueFromSchemaError(error))
  }
  // The checks below read only what they find well-typed, so they run even on a document the schema rejected.
  if (isItem(doc)) {
    const ids = checkIds(doc, issues)
    checkMemberships(doc, ids, issues)
    checkAccounts(doc, issues)
    checkTokens(doc, issues)
    checkAddressBook(doc, issues)
    checkCredentials(doc, ids, issues)
  }
  return { valid: !issues.hasError, issues: issues.finish() }
}
