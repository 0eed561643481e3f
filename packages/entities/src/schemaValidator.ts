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
import { type EntityIssue, escapePointerToken } from './issue'
import { patternEngine } from './patternEngine'

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

let ajv: Ajv2020 | undefined
const compiled = new Map<EntityKind, ValidateFunction>()

/** The schema validator of a kind, compiled on first use and reused for every later document. */
export function schemaValidator(kind: EntityKind): ValidateFunction {
  let validate = compiled.get(kind)
  if (!validate) {
    if (!ajv) {
      ajv = new Ajv2020({
        allErrors: true,
        strict: true,
        allowUnionTypes: true,
        // The schemas' patterns are ASCII, and non-unicode expressions match faster.
        unicodeRegExp: false,
        code: { regExp: patternEngine },
        schemas: entitySchemas.map((schema) => inlineSchemaRefs(schema, entitySchemas)),
      })
      addFormats(ajv)
    }
    validate = ajv.getSchema(ENTITY_KINDS[kind].schemaId)
    if (!validate) throw new Error(`no schema registered for entity kind ${kind}`)
    compiled.set(kind, validate)
  }
  return validate
}

/** Turns one ajv error into an issue with a stable code and a pointer to the value (or the missing member). */
export function issueFromSchemaError(error: ErrorObject): EntityIssue {
  const { keyword, params, instancePath } = error
  switch (keyword) {
    case 'required': {
      const name = String(params.missingProperty)
      return {
        code: 'schema.required',
        severity: 'error',
        path: `${instancePath}/${escapePointerToken(name)}`,
        message: `missing required member "${name}"`,
      }
    }
    case 'additionalProperties': {
      const name = String(params.additionalProperty)
      return {
        code: 'schema.additionalProperties',
        severity: 'error',
        path: `${instancePath}/${escapePointerToken(name)}`,
        message: `unknown member "${name}" is not allowed here`,
      }
    }
    case 'enum':
      return {
        code: 'schema.enum',
        severity: 'error',
        path: instancePath,
        message: `must be one of: ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`,
      }
    case 'pattern':
      if (params.pattern === EVM_ADDRESS_PATTERN) {
        return {
          code: 'invalid-address',
          severity: 'error',
          path: instancePath,
          message: 'must be an EVM address: 0x followed by 40 hexadecimal digits',
        }
      }
      break
  }
  return {
    code: `schema.${keyword}`,
    severity: 'error',
    path: instancePath,
    message: error.message ?? keyword,
  }
}
