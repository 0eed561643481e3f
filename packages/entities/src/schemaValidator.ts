import type { ErrorObject, ValidateFunction } from 'ajv'
import ucs2lengthModule from 'ajv/dist/runtime/ucs2length.js'
import type { EntityKind } from './entityKinds'
import { EVM_ADDRESS_PATTERN } from './entitySchemas'
import { allErrorValidators, firstErrorValidators } from './generated/entityValidators'
import type { EntityIssue } from './issue'
import { patternEngine } from './patternEngine'
import { describeSchemaErrors } from './schemaMessages'
import type { Steps } from './steps'

export { entitySchemas } from './entitySchemas'

type Validators = Record<EntityKind, ValidateFunction>

// ajv's code-point length, which `minLength`/`maxLength` count in (a passkey's credential id has both). A CommonJS
// module: Node's ESM loader gives its exports object as the default, a bundler's interop the function itself.
const ucs2length =
  (ucs2lengthModule as unknown as { default?: typeof ucs2lengthModule }).default ?? ucs2lengthModule

/**
 * A runtime module the generated code asks ajv for (as `require(id).default`). A schema that starts to need another
 * one fails every validation loudly until it is given here.
 */
function runtime(id: string): { default: unknown } {
  if (id === 'ajv/dist/runtime/ucs2length') return { default: ucs2length }
  throw new Error(`The generated entities validators need ${id}: provide it in schemaValidator.ts`)
}

/**
 * Two validators per kind, compiled from the schemas when the package is built (scripts/generateValidators.ts), so
 * no process compiles a schema when it starts: one that stops at the first error, which a valid document (the
 * usual case, and the one that must be fast) runs through, and one that collects every error, which runs only once
 * the first has refused the document, so that its report stays complete. Stopping early saves the bookkeeping that
 * collecting every error adds to each keyword.
 */
const validators: { first?: Validators; complete?: Validators } = {}

function validatorOf(kind: EntityKind, mode: 'complete' | 'first'): ValidateFunction {
  validators[mode] ??= (mode === 'first' ? firstErrorValidators : allErrorValidators)(
    patternEngine,
    runtime,
  ) as Validators
  const validate = validators[mode][kind]
  if (!validate) throw new Error(`no schema registered for entity kind ${kind}`)
  return validate
}

/** The schema validator of a kind that reports every error. */
export function schemaValidator(kind: EntityKind): ValidateFunction {
  return validatorOf(kind, 'complete')
}

/**
 * Every error of a document against the schema of its kind, or undefined when it conforms. A document the
 * validators disagree on (which they cannot, sharing their schemas) keeps the first one's refusal.
 */
export function schemaErrors(kind: EntityKind, doc: unknown): readonly ErrorObject[] | undefined {
  const first = validatorOf(kind, 'first')
  if (first(doc)) return undefined
  const complete = schemaValidator(kind)
  if (!complete(doc) && complete.errors?.length) return complete.errors
  return first.errors ?? []
}

/** Entities checked against the schema between two pauses: at 100,000 accounts the whole document took 12-60 ms. */
const ENTITIES_PER_SCHEMA_STEP = 20_000

/**
 * schemaErrors, pausing every ENTITIES_PER_SCHEMA_STEP entities. Every collection of these schemas is a list whose
 * entities are checked one by one, with nothing said of the list as a whole, so a document conforms exactly when
 * the document with its lists emptied does and each list's entities do: those are checked a slice at a time, each
 * slice in the document with its lists emptied. A document refused anywhere is checked again whole, in one piece,
 * for its errors and their pointers (the usual document is valid).
 */
export function* schemaErrorsInSteps(
  kind: EntityKind,
  doc: unknown,
): Steps<readonly ErrorObject[] | undefined> {
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) return schemaErrors(kind, doc)
  // A document with fewer entities than a step is checked in one call, as it always was.
  let entities = 0
  for (const value of Object.values(doc)) if (Array.isArray(value)) entities += value.length
  if (entities <= ENTITIES_PER_SCHEMA_STEP) return schemaErrors(kind, doc)
  const first = validatorOf(kind, 'first')
  const emptied: Record<string, unknown> = { ...doc }
  const lists: [string, unknown[]][] = []
  for (const [member, value] of Object.entries(doc)) {
    if (!Array.isArray(value)) continue
    emptied[member] = []
    lists.push([member, value])
  }
  if (!first(emptied)) return schemaErrors(kind, doc)
  for (const [member, items] of lists) {
    for (let from = 0; from < items.length; from += ENTITIES_PER_SCHEMA_STEP) {
      yield
      if (!first({ ...emptied, [member]: items.slice(from, from + ENTITIES_PER_SCHEMA_STEP) }))
        return schemaErrors(kind, doc)
    }
  }
  return undefined
}

const ADDRESS_MESSAGE = 'must be an EVM address: 0x followed by 40 hexadecimal digits'

/**
 * Turns ajv errors into issues with stable codes and pointers to the value (or the missing member), in the
 * authoring style `policies validate` shares (describeSchemaErrors): allowed values listed, a did-you-mean for a
 * misspelt member or value, one issue per mistake. An EVM address off its pattern is told in words, not as the
 * regular expression.
 */
export function issuesFromSchemaErrors(errors: readonly ErrorObject[]): EntityIssue[] {
  // Pattern errors pass through describeSchemaErrors one for one, in order.
  const patterns = errors.filter((error) => error.keyword === 'pattern')
  let pattern = 0
  return describeSchemaErrors(errors).map(({ keyword, path, message }): EntityIssue => {
    if (keyword === 'pattern' && patterns[pattern++]?.params.pattern === EVM_ADDRESS_PATTERN)
      return { code: 'invalid-address', severity: 'error', path, message: ADDRESS_MESSAGE }
    return { code: `schema.${keyword}`, severity: 'error', path, message }
  })
}
