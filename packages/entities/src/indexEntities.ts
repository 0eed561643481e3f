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

/**
 * Constant-time lookups over a validated Entities document. Ids are matched case-insensitively (validateEntities
 * guarantees they are unique that way), addresses too; chains are EIP-155 chain ids. Lists are empty, never
 * undefined, when nothing matches. Every returned entity is the document's own object, not a copy.
 */
export interface EntityIndex {
  readonly entities: Entities
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
}

const none: readonly never[] = Object.freeze([])

/** An id lookup: lowercased id → the entity's position in its collection. Positions index the link lists. */
class ById<T extends { id: string }> {
  readonly positions = new Map<string, number>()

  constructor(readonly items: readonly T[]) {
    for (let i = 0; i < items.length; i++) {
      const key = items[i]!.id.toLowerCase()
      // The first entry wins, as validateEntities reports the later ones as duplicates.
      if (!this.positions.has(key)) this.positions.set(key, i)
    }
  }

  get(id: string): T | undefined {
    const at = this.positions.get(id.toLowerCase())
    return at === undefined ? undefined : this.items[at]
  }
}

/** Entities keyed by chain, then by lowercased address; nested maps avoid building a string key per entry. */
type ByChainAddress<T> = Map<number, Map<string, T>>

function byChainAddress<T extends { chainId?: number; address: string }>(
  items: readonly T[],
): ByChainAddress<T> {
  const chains: ByChainAddress<T> = new Map()
  for (const item of items) {
    const chain = item.chainId ?? 0
    let addresses = chains.get(chain)
    if (!addresses) {
      addresses = new Map()
      chains.set(chain, addresses)
    }
    const key = item.address.toLowerCase()
    if (!addresses.has(key)) addresses.set(key, item)
  }
  return chains
}

function lookup<T>(map: ByChainAddress<T>, chainId: number, address: string): T | undefined {
  return map.get(chainId)?.get(address.toLowerCase())
}

/** For each entity of one side of a link collection (by position), the entities it is linked to. */
type Links<T> = Array<T[] | undefined>

function addLink<T>(links: Links<T>, at: number, entity: T): void {
  const list = links[at]
  if (list) list.push(entity)
  else links[at] = [entity]
}

/** Follows a link collection both ways: left position → right entities, right position → left entities. */
function link<Row, L extends { id: string }, R extends { id: string }>(
  rows: readonly Row[],
  leftOf: (row: Row) => string,
  rightOf: (row: Row) => string,
  lefts: ById<L>,
  rights: ById<R>,
): { rightsOf: Links<R>; leftsOf: Links<L> } {
  const rightsOf: Links<R> = new Array(lefts.items.length)
  const leftsOf: Links<L> = new Array(rights.items.length)
  for (const row of rows) {
    const l = lefts.positions.get(leftOf(row).toLowerCase())
    const r = rights.positions.get(rightOf(row).toLowerCase())
    // Dangling rows are skipped: validateEntities reports them.
    if (l === undefined || r === undefined) continue
    addLink(rightsOf, l, rights.items[r]!)
    addLink(leftsOf, r, lefts.items[l]!)
  }
  return { rightsOf, leftsOf }
}

function linked<T>(from: ById<{ id: string }>, links: Links<T>, id: string): readonly T[] {
  const at = from.positions.get(id.toLowerCase())
  return (at === undefined ? undefined : links[at]) ?? none
}

/**
 * Builds the lookups of an Entities document once, in time linear in its size. Index a document that
 * validateEntities accepted: on a document with duplicates the first entry wins, and dangling links are skipped.
 */
export function indexEntities(entities: Entities): EntityIndex {
  const users = new ById(entities.users)
  const userGroups = new ById(entities.userGroups)
  const accounts = new ById(entities.accounts)
  const accountGroups = new ById(entities.accountGroups)
  const tokens = new ById(entities.tokens)
  const credentials = new ById(entities.credentials)
  const accountsByAddress = byChainAddress(entities.accounts)
  const tokensByAddress = byChainAddress(entities.tokens)
  const addressBook = byChainAddress(entities.addressBook)

  const userGroupLinks = link(
    entities.userGroupMembers,
    (row) => row.userId,
    (row) => row.groupId,
    users,
    userGroups,
  )
  const userAccountLinks = link(
    entities.userAccounts,
    (row) => row.userId,
    (row) => row.accountId,
    users,
    accounts,
  )
  const accountGroupLinks = link(
    entities.accountGroupMembers,
    (row) => row.accountId,
    (row) => row.groupId,
    accounts,
    accountGroups,
  )

  const credentialsOfUser: Links<CredentialEntity> = new Array(entities.users.length)
  const credentialsByKid = new Map<string, CredentialEntity>()
  for (const credential of entities.credentials) {
    const at = users.positions.get(credential.userId.toLowerCase())
    if (at !== undefined) addLink(credentialsOfUser, at, credential)
    const kid = credential.key.kid
    if (typeof kid === 'string' && !credentialsByKid.has(kid)) credentialsByKid.set(kid, credential)
  }

  // An account without a chain (allowed in account-only documents) stands for its address on every chain.
  const accountOnAnyChain = accountsByAddress.get(0)

  return {
    entities,
    user: (id) => users.get(id),
    groupsOfUser: (userId) => linked(users, userGroupLinks.rightsOf, userId),
    credentialsOfUser: (userId) => linked(users, credentialsOfUser, userId),
    accountsOfUser: (userId) => linked(users, userAccountLinks.rightsOf, userId),
    userGroup: (id) => userGroups.get(id),
    membersOfUserGroup: (groupId) => linked(userGroups, userGroupLinks.leftsOf, groupId),
    account: (id) => accounts.get(id),
    accountByAddress: (chainId, address) =>
      lookup(accountsByAddress, chainId, address) ?? accountOnAnyChain?.get(address.toLowerCase()),
    groupsOfAccount: (accountId) => linked(accounts, accountGroupLinks.rightsOf, accountId),
    accountGroup: (id) => accountGroups.get(id),
    membersOfAccountGroup: (groupId) => linked(accountGroups, accountGroupLinks.leftsOf, groupId),
    addressBookEntry: (chainId, address) => lookup(addressBook, chainId, address),
    token: (id) => tokens.get(id),
    tokenByAddress: (chainId, address) => lookup(tokensByAddress, chainId, address),
    credential: (id) => credentials.get(id),
    credentialByKid: (kid) => credentialsByKid.get(kid),
  }
}
