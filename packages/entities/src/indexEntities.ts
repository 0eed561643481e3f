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

function byId<T extends { id: string }>(items: readonly T[]): Map<string, T> {
  const map = new Map<string, T>()
  for (const item of items) {
    const key = item.id.toLowerCase()
    // The first entry wins, as validateEntities reports the later ones as duplicates.
    if (!map.has(key)) map.set(key, item)
  }
  return map
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

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key)
  if (list) list.push(value)
  else map.set(key, [value])
}

/** Links rows of a link collection: left id → right entities, and right id → left entities. */
function link<Row, L, R>(
  rows: readonly Row[],
  leftOf: (row: Row) => string,
  rightOf: (row: Row) => string,
  lefts: Map<string, L>,
  rights: Map<string, R>,
): { rightsOf: Map<string, R[]>; leftsOf: Map<string, L[]> } {
  const rightsOf = new Map<string, R[]>()
  const leftsOf = new Map<string, L[]>()
  for (const row of rows) {
    const l = leftOf(row).toLowerCase()
    const r = rightOf(row).toLowerCase()
    const leftEntity = lefts.get(l)
    const rightEntity = rights.get(r)
    if (rightEntity) push(rightsOf, l, rightEntity)
    if (leftEntity) push(leftsOf, r, leftEntity)
  }
  return { rightsOf, leftsOf }
}

/**
 * Builds the lookups of an Entities document once, in time linear in its size. Index a document that
 * validateEntities accepted: on a document with duplicates the first entry wins, and dangling links are skipped.
 */
export function indexEntities(entities: Entities): EntityIndex {
  const users = byId(entities.users)
  const userGroups = byId(entities.userGroups)
  const accounts = byId(entities.accounts)
  const accountGroups = byId(entities.accountGroups)
  const tokens = byId(entities.tokens)
  const credentials = byId(entities.credentials)
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

  const credentialsOfUser = new Map<string, CredentialEntity[]>()
  const credentialsByKid = new Map<string, CredentialEntity>()
  for (const credential of entities.credentials) {
    push(credentialsOfUser, credential.userId.toLowerCase(), credential)
    const kid = credential.key.kid
    if (typeof kid === 'string' && !credentialsByKid.has(kid)) credentialsByKid.set(kid, credential)
  }

  // An account without a chain (allowed in account-only documents) stands for its address on every chain.
  const accountOnAnyChain = accountsByAddress.get(0)

  return {
    entities,
    user: (id) => users.get(id.toLowerCase()),
    groupsOfUser: (userId) => userGroupLinks.rightsOf.get(userId.toLowerCase()) ?? none,
    credentialsOfUser: (userId) => credentialsOfUser.get(userId.toLowerCase()) ?? none,
    accountsOfUser: (userId) => userAccountLinks.rightsOf.get(userId.toLowerCase()) ?? none,
    userGroup: (id) => userGroups.get(id.toLowerCase()),
    membersOfUserGroup: (groupId) => userGroupLinks.leftsOf.get(groupId.toLowerCase()) ?? none,
    account: (id) => accounts.get(id.toLowerCase()),
    accountByAddress: (chainId, address) =>
      lookup(accountsByAddress, chainId, address) ?? accountOnAnyChain?.get(address.toLowerCase()),
    groupsOfAccount: (accountId) => accountGroupLinks.rightsOf.get(accountId.toLowerCase()) ?? none,
    accountGroup: (id) => accountGroups.get(id.toLowerCase()),
    membersOfAccountGroup: (groupId) => accountGroupLinks.leftsOf.get(groupId.toLowerCase()) ?? none,
    addressBookEntry: (chainId, address) => lookup(addressBook, chainId, address),
    token: (id) => tokens.get(id.toLowerCase()),
    tokenByAddress: (chainId, address) => lookup(tokensByAddress, chainId, address),
    credential: (id) => credentials.get(id.toLowerCase()),
    credentialByKid: (kid) => credentialsByKid.get(kid),
  }
}
