import accountSchema from '@rampart/schemas/entities/account.schema.json'
import accountGroupSchema from '@rampart/schemas/entities/accountGroup.schema.json'
import addressBookSchema from '@rampart/schemas/entities/addressBook.schema.json'
import credentialSchema from '@rampart/schemas/entities/credential.schema.json'
import entitiesSchema from '@rampart/schemas/entities/entities.schema.json'
import tokenSchema from '@rampart/schemas/entities/token.schema.json'
import userSchema from '@rampart/schemas/entities/user.schema.json'
import userAccountSchema from '@rampart/schemas/entities/userAccount.schema.json'
import userGroupSchema from '@rampart/schemas/entities/userGroup.schema.json'

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

export const EVM_ADDRESS_PATTERN = entitiesSchema.$defs.EvmAddress.pattern
