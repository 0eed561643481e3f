import type { Entities } from './generated/entities'
import type { AccountEntities } from './generated/partial/account'
import type { AccountGroupEntities } from './generated/partial/accountGroup'
import type { AddressBookEntities } from './generated/partial/addressBook'
import type { CredentialEntities } from './generated/partial/credential'
import type { TokenEntities } from './generated/partial/token'
import type { UserEntities } from './generated/partial/user'
import type { UserAccountEntities } from './generated/partial/userAccount'
import type { UserGroupEntities } from './generated/partial/userGroup'

/**
 * The document kinds validateEntities knows: the full Entities document, and one partial document per entity kind.
 * Each maps to a schema in @rampart/schemas/entities/ and to the collections it holds.
 */
export const ENTITY_KINDS = {
  full: {
    schemaId: 'https://rampart.dev/schemas/entities/entities.schema.json',
    required: [
      'users',
      'userGroups',
      'userGroupMembers',
      'userAccounts',
      'credentials',
      'accounts',
      'accountGroups',
      'accountGroupMembers',
      'tokens',
      'addressBook',
    ],
    optional: [],
  },
  user: {
    schemaId: 'https://rampart.dev/schemas/entities/user.schema.json',
    required: ['users'],
    optional: [],
  },
  userGroup: {
    schemaId: 'https://rampart.dev/schemas/entities/userGroup.schema.json',
    required: ['userGroups'],
    optional: ['userGroupMembers'],
  },
  userAccount: {
    schemaId: 'https://rampart.dev/schemas/entities/userAccount.schema.json',
    required: ['userAccounts'],
    optional: [],
  },
  credential: {
    schemaId: 'https://rampart.dev/schemas/entities/credential.schema.json',
    required: ['credentials'],
    optional: [],
  },
  account: {
    schemaId: 'https://rampart.dev/schemas/entities/account.schema.json',
    required: ['accounts'],
    optional: [],
  },
  accountGroup: {
    schemaId: 'https://rampart.dev/schemas/entities/accountGroup.schema.json',
    required: ['accountGroups'],
    optional: ['accountGroupMembers'],
  },
  token: {
    schemaId: 'https://rampart.dev/schemas/entities/token.schema.json',
    required: ['tokens'],
    optional: [],
  },
  addressBook: {
    schemaId: 'https://rampart.dev/schemas/entities/addressBook.schema.json',
    required: ['addressBook'],
    optional: [],
  },
} as const satisfies Record<
  string,
  { schemaId: string; required: readonly string[]; optional: readonly string[] }
>

export type EntityKind = keyof typeof ENTITY_KINDS

/**
 * The document a kind validates as: Entities for `full`, a partial document for the others. Indexed by kind, so a
 * kind added to ENTITY_KINDS without its document here does not compile.
 */
export type EntityDocument<K extends EntityKind = EntityKind> = {
  full: Entities
  user: UserEntities
  userGroup: UserGroupEntities
  userAccount: UserAccountEntities
  credential: CredentialEntities
  account: AccountEntities
  accountGroup: AccountGroupEntities
  token: TokenEntities
  addressBook: AddressBookEntities
}[K]

export const entityKindNames = Object.keys(ENTITY_KINDS) as EntityKind[]

export function isEntityKind(value: string): value is EntityKind {
  return Object.hasOwn(ENTITY_KINDS, value)
}

/**
 * Guesses the kind of a document from the collections it holds: a partial kind when the document holds that kind's
 * required collections and nothing outside it, the full document otherwise (so a broken full document is reported
 * against the full schema).
 */
export function detectEntityKind(doc: unknown): EntityKind {
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) return 'full'
  // `$schema` only names the schema for editors; it says nothing about the kind.
  const keys = Object.keys(doc).filter((key) => key !== '$schema')
  for (const kind of entityKindNames) {
    if (kind === 'full') continue
    const { required, optional } = ENTITY_KINDS[kind]
    const allowed: readonly string[] = [...required, ...optional]
    if (required.every((name) => keys.includes(name)) && keys.every((key) => allowed.includes(key)))
      return kind
  }
  return 'full'
}
