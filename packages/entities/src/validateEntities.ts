import { analyzeEntities } from './checks/analyzeEntities'
import { DEFAULT_MAX_ISSUES, IssueCollector } from './checks/issueCollector'
import { isItem } from './checks/shared'
import { detectEntityKind, type EntityKind, entityKindNames, isEntityKind } from './entityKinds'
import type { Entities } from './generated/entities'
import { createEntityIndex, type EntityIndex } from './indexEntities'
import type { EntityValidationResult } from './issue'
import { rememberTables } from './rememberedTables'
import { issueFromSchemaError, schemaValidator } from './schemaValidator'

export interface ValidateEntitiesOptions {
  /** The kind of document; detected from its collections when left out (see detectEntityKind). */
  kind?: EntityKind
  /** Stop collecting issues after this many (default 10,000); one issues-truncated warning then says so. */
  maxIssues?: number
  /**
   * Also check the EIP-55 checksum of each address written in mixed case (address-checksum): a failed one is a
   * mistyped digit. Off by default, because it hashes every such address with keccak-256, which costs more than the
   * rest of the validation: `rampart entities validate` and the gateway's client registration turn it on, where a
   * document comes in; a document they accepted need not pay for it again.
   */
  checksums?: boolean
}

function validate(doc: unknown, options: ValidateEntitiesOptions) {
  // A caller that is not type-checked may pass any string; a name Object.prototype has must not reach the tables.
  if (options.kind != null && !isEntityKind(options.kind)) {
    throw new TypeError(
      `unknown entity kind ${JSON.stringify(options.kind)}; expected one of ${entityKindNames.join(', ')}`,
    )
  }
  const kind = options.kind ?? detectEntityKind(doc)
  const issues = new IssueCollector(options.maxIssues ?? DEFAULT_MAX_ISSUES)
  const schema = schemaValidator(kind)
  if (!schema(doc)) {
    for (const error of schema.errors ?? []) issues.add(issueFromSchemaError(error))
  }
  // The checks read only what they find well-typed, so they run even on a document the schema rejected.
  const tables = isItem(doc) ? analyzeEntities(doc, issues, options.checksums === true) : undefined
  return { valid: !issues.hasError, issues: issues.finish(), tables, kind }
}

/**
 * Validates an Entities document (a parsed JSON value) against its schema and the rules a schema cannot express:
 * unique ids, unique links, references that resolve, CAIP-19 token ids, unique addresses, a consistent address
 * book, and usable public keys. Returns every issue found, not just the first.
 *
 * Give the result to indexEntities together with the document, and the index is built from the tables this
 * validation already made instead of analyzing the document again.
 */
export function validateEntities(
  doc: unknown,
  options: ValidateEntitiesOptions = {},
): EntityValidationResult {
  const { valid, issues, tables, kind } = validate(doc, options)
  const result = { valid, issues }
  if (valid && tables) rememberTables(result, doc as object, tables, kind)
  return result
}

export interface LoadedEntities extends EntityValidationResult {
  /** The index of the document, only when it is valid: an invalid document is never indexed. */
  index?: EntityIndex
}

/**
 * Validates a document and, when it is valid, indexes it, in one pass: the index is built from the tables the
 * checks already made. The way to load entities for use; validateEntities then indexEntities does the same work
 * twice.
 */
export function loadEntities(doc: unknown, options: ValidateEntitiesOptions = {}): LoadedEntities {
  const { valid, issues, tables, kind } = validate(doc, options)
  if (!valid || !tables) return { valid, issues }
  return { valid, issues, index: createEntityIndex(doc as Entities, tables, kind) }
}
