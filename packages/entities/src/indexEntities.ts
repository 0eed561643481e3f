import type { AddressTable } from './checks/addressTable'
import { analyzeEntities, type EntityTables } from './checks/analyzeEntities'
import { IdTable } from './checks/idTable'
import { groupRows, type RowGroups } from './checks/linkTable'
import type { Item } from './checks/shared'
import type { EntityKind } from './entityKinds'
import type {
  AccountEntity,
  AccountGroupEntity,
  AddressBookAccountEntity,
  CredentialEntity,
  Entities,
  TokenEntity,
  UserEntity,
  UserGroupEntity,
} from './generated/entities'
import type { EntityValidationResult } from './issue'
import { recalledTables } from './rememberedTables'
import { runToEnd } from './steps'

/**
 * Constant-time lookups over a validated Entities document. Ids are matched case-insensitively (validateEntities
 * guarantees they are unique that way), addresses too; chains are EIP-155 chain ids. Lists are empty, never
 * undefined, when nothing matches. Every returned entity is the document's own object, not a copy.
 */
export interface EntityIndex {
  readonly entities: Entities
  /**
   * The kind the document was validated as when the index was built from that validation (loadEntities, or
   * indexEntities given its result); undefined for an index of a document nobody checked. Consumers that need a
   * valid whole organization (the evaluator) accept a `full` index as it is, and validate any other once.
   */
  readonly validated: EntityKind | undefined
  user(id: string): UserEntity | undefined
  /** The user groups a user belongs to. */
  groupsOfUser(userId: string): readonly UserGroupEntity[]
  credentialsOfUser(userId: string): readonly CredentialEntity[]
  /** The accounts assigned to a user through userAccounts. */
  accountsOfUser(userId: string): readonly AccountEntity[]
  userGroup(id: string): UserGroupEntity | undefined
  membersOfUserGroup(groupId: string): readonly UserEntity[]
  account(id: string): AccountEntity | undefined
  accountByAddress(chainId: number, address: string): AccountEntity | undefined
  /** The account groups an account belongs to. */
  groupsOfAccount(accountId: string): readonly AccountGroupEntity[]
  accountGroup(id: string): AccountGroupEntity | undefined
  membersOfAccountGroup(groupId: string): readonly AccountEntity[]
  addressBookEntry(chainId: number, address: string): AddressBookAccountEntity | undefined
  token(id: string): TokenEntity | undefined
  tokenByAddress(chainId: number, address: string): TokenEntity | undefined
  credential(id: string): CredentialEntity | undefined
  /** The credential whose JWK carries this `kid` (compared exactly, as JOSE does). */
  credentialByKid(kid: string): CredentialEntity | undefined
  /** The passkey credential whose `webauthn.credentialId` is this (compared exactly, as authenticators give it). */
  credentialByWebAuthnId(credentialId: string): CredentialEntity | undefined
}

const none: readonly never[] = Object.freeze([])

/**
 * The entities on one side of a link collection, listed per entity on the other side. The rows are grouped on the
 * first lookup and each list is built on first ask, so indexing pays nothing for lookups nobody makes.
 */
class Linked<T> {
  readonly #lists: Array<readonly T[] | undefined>
  #groups: RowGroups | undefined

  constructor(
    count: number,
    readonly group: () => RowGroups,
    readonly targetAt: Int32Array,
    readonly targets: readonly T[],
  ) {
    this.#lists = new Array(count)
  }

  of(at: number | undefined): readonly T[] {
    if (at === undefined) return none
    let list = this.#lists[at]
    if (!list) {
      this.#groups ??= this.group()
      const { offsets, rows } = this.#groups
      const found: T[] = []
      for (let k = offsets[at]!; k < offsets[at + 1]!; k++) {
        const target = this.targetAt[rows[k]!]!
        if (target >= 0) found.push(this.targets[target]!)
      }
      // Frozen, as every caller shares the one list.
      list = found.length === 0 ? none : Object.freeze(found)
      this.#lists[at] = list
    }
    return list
  }
}

function entityAt<T>(items: readonly T[], at: number | undefined): T | undefined {
  return at === undefined ? undefined : items[at]
}

/**
 * Builds the index from the tables the checks produced: the maps are theirs, and the link lists are grouped with
 * counting sorts, so this adds little to validation.
 */
export function createEntityIndex(
  entities: Entities,
  tables: EntityTables,
  validated?: EntityKind,
): EntityIndex {
  const positions = (collection: Parameters<typeof tables.ids.get>[0]) =>
    tables.ids.get(collection) ?? new IdTable()
  const users = positions('users')
  const userGroups = positions('userGroups')
  const accounts = positions('accounts')
  const accountGroups = positions('accountGroups')
  const tokens = positions('tokens')
  const credentials = positions('credentials')
  const list = <T>(items: T[] | undefined): readonly T[] => items ?? none

  const linked = <L, R>(
    collection: Parameters<typeof tables.links.get>[0],
    lefts: readonly L[],
    rights: readonly R[],
  ) => {
    const table = tables.links.get(collection)
    if (!table) return { rightsOf: () => none, leftsOf: () => none }
    const byLeft = new Linked(
      table.leftCount,
      () => table.byLeft ?? groupRows(table.leftAt, table.leftCount),
      table.rightAt,
      rights,
    )
    const byRight = new Linked(
      table.rightCount,
      () => groupRows(table.rightAt, table.rightCount),
      table.leftAt,
      lefts,
    )
    return {
      rightsOf: (at: number | undefined): readonly R[] => byLeft.of(at),
      leftsOf: (at: number | undefined): readonly L[] => byRight.of(at),
    }
  }
  const userList = list(entities.users)
  const userGroupList = list(entities.userGroups)
  const accountList = list(entities.accounts)
  const accountGroupList = list(entities.accountGroups)
  const credentialList = list(entities.credentials)
  const userGroupLinks = linked('userGroupMembers', userList, userGroupList)
  const userAccountLinks = linked('userAccounts', userList, accountList)
  const accountGroupLinks = linked('accountGroupMembers', accountList, accountGroupList)
  const credentialLists = new Linked(
    userList.length,
    () => groupRows(tables.credentials.userAt, userList.length),
    identity(credentialList.length),
    credentialList,
  )

  const byAddress = <T>(table: AddressTable, items: readonly T[], chainId: number, address: string) =>
    entityAt(items, table.get(chainId, address))
  const tokenList = list(entities.tokens)
  const addressBookList = list(entities.addressBook)

  return {
    entities,
    validated,
    user: (id) => entityAt(userList, users.get(id)),
    groupsOfUser: (userId) => userGroupLinks.rightsOf(users.get(userId)),
    credentialsOfUser: (userId) => credentialLists.of(users.get(userId)),
    accountsOfUser: (userId) => userAccountLinks.rightsOf(users.get(userId)),
    userGroup: (id) => entityAt(userGroupList, userGroups.get(id)),
    membersOfUserGroup: (groupId) => userGroupLinks.leftsOf(userGroups.get(groupId)),
    account: (id) => entityAt(accountList, accounts.get(id)),
    accountByAddress: (chainId, address) => byAddress(tables.accounts, accountList, chainId, address),
    groupsOfAccount: (accountId) => accountGroupLinks.rightsOf(accounts.get(accountId)),
    accountGroup: (id) => entityAt(accountGroupList, accountGroups.get(id)),
    membersOfAccountGroup: (groupId) => accountGroupLinks.leftsOf(accountGroups.get(groupId)),
    addressBookEntry: (chainId, address) => byAddress(tables.addressBook, addressBookList, chainId, address),
    token: (id) => entityAt(tokenList, tokens.get(id)),
    tokenByAddress: (chainId, address) => byAddress(tables.tokens, tokenList, chainId, address),
    credential: (id) => entityAt(credentialList, credentials.get(id)),
    credentialByKid: (kid) => entityAt(credentialList, tables.credentials.byKid.get(kid)),
    credentialByWebAuthnId: (credentialId) =>
      entityAt(credentialList, tables.credentials.byWebAuthnId.get(credentialId)),
  }
}

function identity(length: number): Int32Array {
  const positions = new Int32Array(length)
  for (let i = 0; i < length; i++) positions[i] = i
  return positions
}

/**
 * Builds the lookups of an Entities document once, in time linear in its size. Index a document that
 * validateEntities accepted: on a document with duplicates the first entry wins, and dangling links are skipped.
 * Pass that validation's result as `validated` and the index reuses the tables the validation built for this
 * very document (a result for another document is ignored); loadEntities does both in one call.
 */
export function indexEntities(entities: Entities, validated?: EntityValidationResult): EntityIndex {
  const recalled = validated && recalledTables(validated, entities)
  return recalled
    ? createEntityIndex(entities, recalled.tables, recalled.kind)
    : createEntityIndex(entities, runToEnd(analyzeEntities(entities as unknown as Item, null)))
}
