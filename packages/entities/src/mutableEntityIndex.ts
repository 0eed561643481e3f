import { keyFingerprint, keyMember } from './checks/checkCredentials'
import { isItem } from './checks/shared'
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
import type { EntityIndex } from './indexEntities'

/** The collections whose entities carry an id: a change names one by it. */
export const ID_COLLECTIONS = [
  'users',
  'userGroups',
  'accounts',
  'accountGroups',
  'addressBook',
  'tokens',
  'credentials',
] as const
export type IdCollection = (typeof ID_COLLECTIONS)[number]

/** The collections of links between two entities, and the members naming each side (left, right). */
export const LINK_SIDES = {
  userGroupMembers: ['userId', 'groupId'],
  userAccounts: ['userId', 'accountId'],
  accountGroupMembers: ['accountId', 'groupId'],
} as const
export type LinkCollection = keyof typeof LINK_SIDES

type Entity = Record<string, unknown>
const none: readonly never[] = Object.freeze([])
const lower = (value: string) => value.toLowerCase()

/** Where an address is filed: its chain (`*` for none, which stands for every chain) and its lowercased text. */
export const addressKey = (chainId: unknown, address: string) =>
  `${chainId === undefined ? '*' : String(chainId)}:${lower(address)}`

/** The key of a link: both ids lowercased, which no id can fake (ids hold no NUL). */
export function linkKey(collection: LinkCollection, link: Entity): string {
  const [left, right] = LINK_SIDES[collection]
  return `${lower(String(link[left]))}\u0000${lower(String(link[right]))}`
}

/**
 * Values filed under a key, several per key in the order they came. Most keys hold one value, kept as it is: a
 * list per key would be a hundred thousand more objects to allocate and collect.
 */
class MultiMap {
  readonly #map = new Map<string, string | string[]>()
  /**
   * The values of a key that has many, as a set too: whether a value is there already is then no scan of them (a
   * group of two thousand accounts took two million comparisons to index, a hundred thousand accounts 1.2 s).
   */
  readonly #sets = new Map<string, Set<string>>()
  get(key: string): readonly string[] {
    const found = this.#map.get(key)
    return found === undefined ? none : typeof found === 'string' ? [found] : found
  }
  add(key: string, value: string): void {
    const found = this.#map.get(key)
    if (found === undefined) this.#map.set(key, value)
    else if (typeof found === 'string') {
      if (found !== value) this.#map.set(key, [found, value])
    } else if (found.length < SCANNED) {
      if (!found.includes(value)) found.push(value)
    } else {
      let values = this.#sets.get(key)
      if (!values) {
        values = new Set(found)
        this.#sets.set(key, values)
      }
      if (values.has(value)) return
      values.add(value)
      found.push(value)
    }
  }
  delete(key: string, value: string): void {
    const found = this.#map.get(key)
    if (found === undefined) return
    if (typeof found === 'string') {
      if (found === value) this.#map.delete(key)
      return
    }
    const at = found.indexOf(value)
    if (at >= 0) found.splice(at, 1)
    const values = this.#sets.get(key)
    values?.delete(value)
    if (values && found.length < SCANNED) this.#sets.delete(key)
    if (found.length === 1) this.#map.set(key, found[0] as string)
  }
}

/** Values of one key looked through for a repeat; past that many, a set answers. */
const SCANNED = 16

/** The links of one collection, by their key and by either side's lowercased id. */
class Links {
  readonly rows = new Map<string, Entity>()
  readonly byLeft = new MultiMap()
  readonly byRight = new MultiMap()
}

/**
 * An EntityIndex over maps that a validated change can update in place, in time proportional to the change: the
 * evaluator keeps one so that adding an account to a 100,000-account organization does not index it again.
 * Building it costs one pass over the document; `entities` writes the document out when first asked after a change.
 * Mutate it only through applyEntityChanges, which validates each change first and undoes them all on a refusal.
 */
export class MutableEntityIndex implements EntityIndex {
  readonly validated = 'full' as const
  readonly #byId = new Map<IdCollection, Map<string, Entity>>(ID_COLLECTIONS.map((c) => [c, new Map()]))
  readonly #links = new Map<LinkCollection, Links>(
    (Object.keys(LINK_SIDES) as LinkCollection[]).map((c) => [c, new Links()]),
  )
  /** Accounts, address-book entries and tokens by addressKey; accounts also by lowercased address alone. */
  readonly #accountsAt = new MultiMap()
  readonly #accountsAtAddress = new MultiMap()
  readonly #bookAt = new MultiMap()
  readonly #bookAtAddress = new MultiMap()
  readonly #tokensAt = new MultiMap()
  readonly #credentialsOfUser = new MultiMap()
  readonly #byKid = new MultiMap()
  readonly #byKidLower = new MultiMap()
  readonly #byKey = new MultiMap()
  readonly #byWebAuthnId = new MultiMap()
  #document: Entities | undefined

  /** What is left to index: a collection, and the position to go on from. */
  readonly #pending: [collection: IdCollection | LinkCollection, from: number][] = []

  /**
   * Indexes a document validated as a whole organization (loadEntities with kind `full`): at once, or (`deferred`)
   * a slice at a time through indexSome, so that a large organization does not block the event loop. Any lookup or
   * change finishes the indexing first.
   */
  constructor(entities: Entities, options: { deferred?: boolean } = {}) {
    this.#document = entities
    for (const collection of [...ID_COLLECTIONS, ...(Object.keys(LINK_SIDES) as LinkCollection[])])
      if ((entities[collection]?.length ?? 0) > 0) this.#pending.push([collection, 0])
    if (!options.deferred) this.indexSome(Number.POSITIVE_INFINITY)
  }

  /** Whether everything is indexed. */
  get indexed(): boolean {
    return this.#pending.length === 0
  }

  /** Indexes entities for about `milliseconds`; returns whether everything is indexed. */
  indexSome(milliseconds: number): boolean {
    const until = performance.now() + milliseconds
    const document = this.#document as Entities
    while (this.#pending.length > 0) {
      const step = this.#pending[0] as [IdCollection | LinkCollection, number]
      const [collection, from] = step
      const items = document[collection] as unknown as Entity[]
      // Checking the clock every 1,024 entities costs nothing next to indexing them.
      const end = Math.min(items.length, from + 1024)
      for (let i = from; i < end; i++) this.#file(collection, items[i] as Entity)
      step[1] = end
      if (end === items.length) this.#pending.shift()
      if (performance.now() >= until) break
    }
    return this.#pending.length === 0
  }

  #ready(): void {
    if (this.#pending.length > 0) this.indexSome(Number.POSITIVE_INFINITY)
  }

  get entities(): Entities {
    if (this.#document) return this.#document
    const document = {} as Record<string, unknown[]>
    for (const [collection, map] of this.#byId) document[collection] = [...map.values()]
    for (const [collection, links] of this.#links) document[collection] = [...links.rows.values()]
    this.#document = document as unknown as Entities
    return this.#document
  }

  /** The entity of a collection by id (any case), or the link with the same two ids. */
  find(collection: IdCollection | LinkCollection, entity: Entity | string): Entity | undefined {
    this.#ready()
    if (collection in LINK_SIDES)
      return this.#links
        .get(collection as LinkCollection)
        ?.rows.get(linkKey(collection as LinkCollection, entity as Entity))
    return this.#byId.get(collection as IdCollection)?.get(lower(String(entity)))
  }

  /** Ids (lowercased) of the entities of a collection at an address, on a chain or (`*`) on none. */
  idsAt(
    collection: 'accounts' | 'addressBook' | 'tokens',
    chainId: unknown,
    address: string,
  ): readonly string[] {
    this.#ready()
    const map =
      collection === 'accounts' ? this.#accountsAt : collection === 'tokens' ? this.#tokensAt : this.#bookAt
    return map.get(addressKey(chainId, address))
  }

  /** Ids (lowercased) of every account, or address-book entry, at an address, on any chain or none. */
  idsAtAddress(collection: 'accounts' | 'addressBook', address: string): readonly string[] {
    this.#ready()
    return (collection === 'accounts' ? this.#accountsAtAddress : this.#bookAtAddress).get(lower(address))
  }

  /** Ids (lowercased) of the credentials holding a `kid` (exactly, or lowercased), or a key (its fingerprint). */
  credentialsWith(by: 'kid' | 'kidLower' | 'key' | 'webauthnId', value: string): readonly string[] {
    this.#ready()
    const map = {
      kid: this.#byKid,
      kidLower: this.#byKidLower,
      key: this.#byKey,
      webauthnId: this.#byWebAuthnId,
    }[by]
    return map.get(value)
  }

  /** How many links of a collection name an entity on one side. */
  linksOf(collection: LinkCollection, side: 'left' | 'right', id: string): readonly string[] {
    this.#ready()
    const links = this.#links.get(collection) as Links
    return (side === 'left' ? links.byLeft : links.byRight).get(lower(id))
  }

  /** Puts an entity (replacing the one with its id or ids); returns what undoes it. */
  put(collection: IdCollection | LinkCollection, entity: Entity): () => void {
    this.#ready()
    const before = this.find(collection, collection in LINK_SIDES ? entity : String(entity.id))
    if (before) this.#unfile(collection, before)
    this.#file(collection, entity)
    this.#document = undefined
    return () => {
      this.#unfile(collection, entity)
      if (before) this.#file(collection, before)
      this.#document = undefined
    }
  }

  /** Removes an entity by id, or a link by its two ids; returns what undoes it. */
  remove(collection: IdCollection | LinkCollection, entity: Entity | string): () => void {
    this.#ready()
    const before = this.find(collection, entity)
    if (!before) return () => {}
    this.#unfile(collection, before)
    this.#document = undefined
    return () => {
      this.#file(collection, before)
      this.#document = undefined
    }
  }

  #file(collection: IdCollection | LinkCollection, entity: Entity): void {
    if (collection in LINK_SIDES) {
      const links = this.#links.get(collection as LinkCollection) as Links
      const [left, right] = LINK_SIDES[collection as LinkCollection]
      const key = linkKey(collection as LinkCollection, entity)
      links.rows.set(key, entity)
      links.byLeft.add(lower(String(entity[left])), key)
      links.byRight.add(lower(String(entity[right])), key)
      return
    }
    const id = lower(String(entity.id))
    ;(this.#byId.get(collection as IdCollection) as Map<string, Entity>).set(id, entity)
    this.#fileAddresses(collection as IdCollection, entity, id, true)
  }

  #unfile(collection: IdCollection | LinkCollection, entity: Entity): void {
    if (collection in LINK_SIDES) {
      const links = this.#links.get(collection as LinkCollection) as Links
      const [left, right] = LINK_SIDES[collection as LinkCollection]
      const key = linkKey(collection as LinkCollection, entity)
      links.rows.delete(key)
      links.byLeft.delete(lower(String(entity[left])), key)
      links.byRight.delete(lower(String(entity[right])), key)
      return
    }
    const id = lower(String(entity.id))
    ;(this.#byId.get(collection as IdCollection) as Map<string, Entity>).delete(id)
    this.#fileAddresses(collection as IdCollection, entity, id, false)
  }

  /** Files (or unfiles) the lookups of an entity other than its id: addresses, keys, its user's credentials. */
  #fileAddresses(collection: IdCollection, entity: Entity, id: string, add: boolean): void {
    const file = (map: MultiMap, key: string) => (add ? map.add(key, id) : map.delete(key, id))
    const address = typeof entity.address === 'string' ? entity.address : undefined
    if (collection === 'accounts' && address) {
      file(this.#accountsAt, addressKey(entity.chainId, address))
      file(this.#accountsAtAddress, lower(address))
    } else if (collection === 'addressBook' && address) {
      file(this.#bookAt, addressKey(entity.chainId, address))
      file(this.#bookAtAddress, lower(address))
    } else if (collection === 'tokens' && address) {
      file(this.#tokensAt, addressKey(entity.chainId, address))
    } else if (collection === 'credentials') {
      file(this.#credentialsOfUser, lower(String(entity.userId)))
      const jwk = entity[keyMember(entity)]
      if (isItem(jwk)) {
        if (typeof jwk.kid === 'string') {
          file(this.#byKid, jwk.kid)
          file(this.#byKidLower, lower(jwk.kid))
        }
        const fingerprint = keyFingerprint(jwk)
        if (fingerprint !== undefined) file(this.#byKey, fingerprint)
      }
      const webauthn = entity.webauthn
      if (isItem(webauthn) && typeof webauthn.credentialId === 'string')
        file(this.#byWebAuthnId, webauthn.credentialId)
    }
  }

  #entity<T>(collection: IdCollection, id: string): T | undefined {
    this.#ready()
    return this.#byId.get(collection)?.get(lower(id)) as T | undefined
  }

  #linked<T>(
    collection: LinkCollection,
    side: 'left' | 'right',
    id: string,
    target: IdCollection,
  ): readonly T[] {
    this.#ready()
    const links = this.#links.get(collection) as Links
    const keys = (side === 'left' ? links.byLeft : links.byRight).get(lower(id))
    if (keys.length === 0) return none
    const [left, right] = LINK_SIDES[collection]
    const found: T[] = []
    for (const key of keys) {
      const row = links.rows.get(key) as Entity
      const other = this.#entity<T>(target, String(row[side === 'left' ? right : left]))
      if (other) found.push(other)
    }
    return found
  }

  #atAddress<T>(map: MultiMap, collection: IdCollection, chainId: number, address: string): T | undefined {
    this.#ready()
    const id = map.get(addressKey(chainId, address))[0] ?? map.get(addressKey(undefined, address))[0]
    return id === undefined ? undefined : this.#entity<T>(collection, id)
  }

  user = (id: string) => this.#entity<UserEntity>('users', id)
  groupsOfUser = (userId: string) =>
    this.#linked<UserGroupEntity>('userGroupMembers', 'left', userId, 'userGroups')
  credentialsOfUser = (userId: string): readonly CredentialEntity[] => {
    this.#ready()
    return this.#credentialsOfUser
      .get(lower(userId))
      .map((id) => this.#entity<CredentialEntity>('credentials', id) as CredentialEntity)
  }
  accountsOfUser = (userId: string) => this.#linked<AccountEntity>('userAccounts', 'left', userId, 'accounts')
  userGroup = (id: string) => this.#entity<UserGroupEntity>('userGroups', id)
  membersOfUserGroup = (groupId: string) =>
    this.#linked<UserEntity>('userGroupMembers', 'right', groupId, 'users')
  account = (id: string) => this.#entity<AccountEntity>('accounts', id)
  accountByAddress = (chainId: number, address: string) =>
    this.#atAddress<AccountEntity>(this.#accountsAt, 'accounts', chainId, address)
  groupsOfAccount = (accountId: string) =>
    this.#linked<AccountGroupEntity>('accountGroupMembers', 'left', accountId, 'accountGroups')
  accountGroup = (id: string) => this.#entity<AccountGroupEntity>('accountGroups', id)
  membersOfAccountGroup = (groupId: string) =>
    this.#linked<AccountEntity>('accountGroupMembers', 'right', groupId, 'accounts')
  addressBookEntry = (chainId: number, address: string) =>
    this.#atAddress<AddressBookAccountEntity>(this.#bookAt, 'addressBook', chainId, address)
  token = (id: string) => this.#entity<TokenEntity>('tokens', id)
  tokenByAddress = (chainId: number, address: string) =>
    this.#atAddress<TokenEntity>(this.#tokensAt, 'tokens', chainId, address)
  credential = (id: string) => this.#entity<CredentialEntity>('credentials', id)
  credentialByKid = (kid: string) => {
    this.#ready()
    const id = this.#byKid.get(kid)[0]
    return id === undefined ? undefined : this.#entity<CredentialEntity>('credentials', id)
  }
  credentialByWebAuthnId = (credentialId: string) => {
    this.#ready()
    const id = this.#byWebAuthnId.get(credentialId)[0]
    return id === undefined ? undefined : this.#entity<CredentialEntity>('credentials', id)
  }
}
