import accountSchema from '@rampart/schemas/entities/account.schema.json'
import accountGroupSchema from '@rampart/schemas/entities/accountGroup.schema.json'
import addressBookSchema from '@rampart/schemas/entities/addressBook.schema.json'
import credentialSchema from '@rampart/schemas/entities/credential.schema.json'
import entitiesSchema from '@rampart/schemas/entities/entities.schema.json'
import tokenSchema from '@rampart/schemas/entities/token.schema.json'
import userSchema from '@rampart/schemas/entities/user.schema.json'
import userAccountSchema from '@rampart/schemas/entities/userAccount.schema.json'
import userGroupSchema from '@rampart/schemas/entities/userGroup.schema.json'
import type { ErrorObject, ValidateFunction } from 'ajv'
import Ajv2020 from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import { ENTITY_KINDS, type EntityKind } from './entityKinds'
import { inlineSchemaRefs } from './inlineSchemaRefs'
import type { EntityIssue } from './issue'
import { patternEngine } from './patternEngine'
import { describeSchemaErrors } from './schemaMessages'

/** Every entities schema, keyed by its $id, so editors and other tools can reuse them. */
export const entitySchemas = [
  entitiesSchema,
  userSchema,
  userGroupSchema,
  userAccountSchema,
  credentialSchema,
  accountSchema,
  accountGroupSchema,
  tokenSchema,
  addressBookSchema,
] as const

const EVM_ADDRESS_PATTERN = entitiesSchema.$defs.EvmAddress.pattern

/**
 * Two validators per kind, from two ajv instances: one that stops at the first error, which a valid document (the
 * usual case, and the one that must be fast) runs through, and one that collects every error, which runs only once
 * the first has refused the document, so that its report stays complete. Stopping early saves the bookkeeping that
 * collecting every error adds to each keyword.
 */
const instances: { complete?: Ajv2020; first?: Ajv2020 } = {}
const compiled = {
  complete: new Map<EntityKind, ValidateFunction>(),
  first: new Map<EntityKind, ValidateFunction>(),
}

function createAjv(allErrors: boolean): Ajv2020 {
  const ajv = new Ajv2020({
    allErrors,
    // Errors carry their schema and value: an unknown member is matched to the declared ones (did you mean).
    verbose: true,
    strict: true,
    allowUnionTypes: true,
    // The schemas' patterns are ASCII, and non-unicode expressions match faster.
    unicodeRegExp: false,
    code: { regExp: patternEngine },
    schemas: entitySchemas.map((schema) => inlineSchemaRefs(schema, entitySchemas)),
  })
  addFormats(ajv)
  return ajv
}

function validatorOf(kind: EntityKind, mode: 'complete' | 'first'): ValidateFunction {
  let validate = compiled[mode].get(kind)
  if (!validate) {
    instances[mode] ??= createAjv(mode === 'complete')
    validate = instances[mode].getSchema(ENTITY_KINDS[kind].schemaId)
    if (!validate) throw new Error(`no schema registered for entity kind ${kind}`)
    compiled[mode].set(kind, validate)
  }
  return validate
}

/** The schema validator of a kind that reports every error, compiled on first use and reused for every later document. */
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
