import type { EntityTables } from './checks/analyzeEntities'
import { analyzeEntities } from './checks/analyzeEntities'
import { DEFAULT_MAX_ISSUES, IssueCollector } from './checks/issueCollector'
import { isItem } from './checks/shared'
import {
  detectEntityKind,
  type EntityDocument,
  type EntityKind,
  entityKindNames,
  isEntityKind,
} from './entityKinds'
import type { Entities } from './generated/entities'
import { createEntityIndex, type EntityIndex } from './indexEntities'
import type { EntitiesValidation, EntityIssue } from './issue'
import { rememberTables } from './rememberedTables'
import { issuesFromSchemaErrors, schemaErrorsInSteps } from './schemaValidator'
import { runToEnd, type Steps } from './steps'

export interface ValidateEntitiesOptions<K extends EntityKind = EntityKind> {
  /**
   * The kind of document; detected from its collections when left out (see detectEntityKind). Named, it also types
   * the valid result's `entities` (Entities for `full`); left out, they are any kind's document.
   */
  kind?: K
  /** Stop collecting issues after this many (default 10,000); one issues-truncated warning then says so. */
  maxIssues?: number
  /**
   * Also check the EIP-55 checksum of each address written in mixed case (address-checksum): a failed one is a
   * mistyped digit. Off by default, because it hashes every such address with keccak-256, which costs more than the
   * rest of the validation: `rampart entities validate` and the gateway's client registration turn it on, where a
   * document comes in; a document they accepted need not pay for it again.
   *
   * `{ except }` checks every mixed-case address but those given, written exactly so: the addresses of a document
   * accepted before, whose checksums were checked then. A new version of a large document then hashes only the
   * addresses it adds or retypes (the gateway's client update: a hundred thousand addresses cost 0.4 s of keccak).
   */
  checksums?: boolean | { except: ReadonlySet<string> }
}

/** A document is valid only with the tables its checks made: the schema refuses any document they cannot read. */
type Validated =
  | { valid: true; issues: EntityIssue[]; tables: EntityTables; kind: EntityKind }
  | { valid: false; issues: EntityIssue[]; tables?: EntityTables | undefined; kind: EntityKind }

/** The addresses whose checksums to skip, or whether to check any at all. */
function checksumsOption(option: ValidateEntitiesOptions['checksums']): false | ReadonlySet<string> {
  if (option === true) return new Set()
  if (option === undefined || option === false) return false
  // A caller outside TypeScript may pass a list: refused, rather than read as "no checksums".
  if (!(option?.except instanceof Set))
    throw new TypeError('options.checksums must be true, false or { except: Set of addresses }')
  return option.except
}

function* validate(doc: unknown, options: ValidateEntitiesOptions): Steps<Validated> {
  // A caller that is not type-checked may pass any string; a name Object.prototype has must not reach the tables.
  if (options.kind != null && !isEntityKind(options.kind)) {
    throw new TypeError(
      `unknown entity kind ${JSON.stringify(options.kind)}; expected one of ${entityKindNames.join(', ')}`,
    )
  }
  const kind = options.kind ?? detectEntityKind(doc)
  const issues = new IssueCollector(options.maxIssues ?? DEFAULT_MAX_ISSUES)
  const errors = yield* schemaErrorsInSteps(kind, doc)
  yield
  if (errors) {
    const described = issuesFromSchemaErrors(errors)
    for (const issue of described) issues.add(issue)
    // Refused is refused, even were no error to describe why.
    if (described.length === 0) {
      issues.add({
        code: 'schema.invalid',
        severity: 'error',
        path: '',
        message: 'document does not conform to its schema',
      })
    }
  }
  // The checks read only what they find well-typed, so they run even on a document the schema rejected.
  const tables = isItem(doc)
    ? yield* analyzeEntities(doc, issues, checksumsOption(options.checksums))
    : undefined
  if (!issues.hasError && tables) return { valid: true, issues: issues.finish(), tables, kind }
  return { valid: false, issues: issues.finish(), tables, kind }
}

/**
 * Validates an Entities document (a parsed JSON value) against its schema and the rules a schema cannot express:
 * unique ids, unique links, references that resolve, CAIP-19 token ids, unique addresses, a consistent address
 * book, and usable public keys. Returns every issue found, not just the first.
 *
 * A valid result holds the document as `entities`, typed as the document of `options.kind` (Entities for `full`).
 * Give the result to indexEntities together with the document, and the index is built from the tables this
 * validation already made instead of analyzing the document again.
 */
export function validateEntities<K extends EntityKind = EntityKind>(
  doc: unknown,
  options: ValidateEntitiesOptions<K> = {},
): EntitiesValidation<EntityDocument<K>> {
  const validated = runToEnd(validate(doc, options))
  if (!validated.valid) return { valid: false, issues: validated.issues }
  // The schema of the kind validated accepted it, and the kind is K's (named, or detected when K is every kind).
  const result = { valid: true as const, issues: validated.issues, entities: doc as EntityDocument<K> }
  rememberTables(result, doc as object, validated.tables, validated.kind)
  return result
}

/**
 * What loadEntities returns: when `valid`, the document as `entities` and its `index`; an invalid document is never
 * indexed.
 */
export type LoadedEntities<T = EntityDocument> =
  | { valid: true; issues: EntityIssue[]; entities: T; index: EntityIndex }
  | { valid: false; issues: EntityIssue[]; entities?: undefined; index?: undefined }

/**
 * Validates a document and, when it is valid, indexes it, in one pass: the index is built from the tables the
 * checks already made. The way to load entities for use; validateEntities then indexEntities does the same work
 * twice.
 */
export function loadEntities<K extends EntityKind = EntityKind>(
  doc: unknown,
  options: ValidateEntitiesOptions<K> = {},
): LoadedEntities<EntityDocument<K>> {
  return runToEnd(loadEntitiesInSteps(doc, options))
}

/**
 * loadEntities a step at a time: the same result, with a pause after the schema and after each long check (run it
 * to its end with runToEnd, or in slices with runInSlices from @rampart/evaluator). A server loading a large
 * organization then answers its other requests between steps of a few tens of milliseconds.
 */
export function* loadEntitiesInSteps<K extends EntityKind = EntityKind>(
  doc: unknown,
  options: ValidateEntitiesOptions<K> = {},
): Steps<LoadedEntities<EntityDocument<K>>> {
  const validated = yield* validate(doc, options)
  if (!validated.valid) return { valid: false, issues: validated.issues }
  const entities = doc as EntityDocument<K>
  // A partial document indexes as an Entities document without the collections it leaves out.
  const index = createEntityIndex(entities as Entities, validated.tables, validated.kind)
  return { valid: true, issues: validated.issues, entities, index }
}
