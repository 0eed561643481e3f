import type { Entities } from '@rampart/entities'
import { runToEnd } from './inSlices'
import { idShard } from './libraryLayout'

/** A user as the policy library reads it: its role and the set of its groups. */
export interface PreparedUser {
  role: string
  groups: Record<string, true>
}

export interface PreparedAccount {
  id: string
  address: string
  chainId?: number
  accountType: string
  groups: Record<string, true>
}

/**
 * The organization as the policy library reads it (data.entities): every lookup a criterion makes is one key
 * access, so evaluation cost does not grow with the number of users or accounts. Ids are lowercased (entity ids
 * compare case-insensitively), addresses too. What is found by address on a chain is filed under the address, as
 * one entry per chain that carries its chain id: the library compares chain ids as numbers, rather than writing
 * each one out as text to build a key, which costs more in its WASM runtime than the lookup itself.
 */
export interface PreparedEntities {
  users: Record<string, PreparedUser>
  /** Credential id, and the `kid` of its key, to user id. */
  credentials: Record<string, string>
  accounts: Record<string, PreparedAccount>
  /**
   * Address to the accounts at that address, one per chain (the first account given for a chain), each with the
   * shard the policy library holds it in (libraryLayout.ts).
   */
  accountsByAddress: Record<string, { chainId: number; id: string; shard: string }[]>
  /** Address to the account with no chain at that address, which any chain's requests meet. */
  chainlessAccounts: Record<string, string>
  /** Address to its address-book entries, one per chain (the first entry given for a chain). */
  addressBook: Record<string, { chainId: number; id: string; classification: string }[]>
  /** User id to the set of account ids assigned to the user. */
  assignments: Record<string, Record<string, true>>
  /** Lowercased CAIP-19 token id to its decimals. */
  decimals: Record<string, number>
}

const lower = (value: string) => value.toLowerCase()

/**
 * An empty record without a prototype: the evaluator looks ids up in these records, and ids such as `constructor`
 * or `__proto__` must not find what every object inherits.
 */
const record = <T>(): Record<string, T> => Object.create(null)

/** Adds an entry under its address unless the address already has one on the same chain. */
function fileByChain<T extends { chainId: number }>(
  index: Record<string, T[]>,
  address: string,
  entry: T,
): void {
  index[address] ??= []
  const entries = index[address]
  if (!entries.some((existing) => existing.chainId === entry.chainId)) entries.push(entry)
}

/** Items prepared between two looks at the clock when preparing in slices (prepareEntitiesInSteps). */
const STEP = 2048

/** Visits each item, pausing (a yield) every STEP items. */
function* each<T>(items: readonly T[], visit: (item: T) => void): Generator<void, void, void> {
  for (let i = 0; i < items.length; i++) {
    visit(items[i] as T)
    if (i % STEP === STEP - 1) yield
  }
}

/** Builds the lookup objects the policy library needs from a validated Entities document. */
export function prepareEntities(entities: Entities): PreparedEntities {
  return runToEnd(prepareEntitiesInSteps(entities))
}

/**
 * prepareEntities a few thousand items at a time: the generator pauses between them, so that a caller can give the
 * event loop a turn (runInSlices) while a hundred thousand accounts are prepared, about 0.4 s in one go.
 */
export function* prepareEntitiesInSteps(entities: Entities): Generator<void, PreparedEntities, void> {
  const users = record<PreparedUser>()
  yield* each(entities.users, (user) => {
    users[lower(user.id)] = { role: user.role, groups: record() }
  })
  yield* each(entities.userGroupMembers, (member) => {
    const user = users[lower(member.userId)]
    if (user) user.groups[lower(member.groupId)] = true
  })

  const credentials = record<string>()
  yield* each(entities.credentials, (credential) => {
    const userId = lower(credential.userId)
    credentials[lower(credential.id)] = userId
    if (typeof credential.key.kid === 'string') credentials[lower(credential.key.kid)] = userId
  })

  const accounts = record<PreparedAccount>()
  const accountsByAddress: PreparedEntities['accountsByAddress'] = record()
  const chainlessAccounts: PreparedEntities['chainlessAccounts'] = record()
  yield* each(entities.accounts, (account) => {
    const id = lower(account.id)
    accounts[id] = {
      id,
      address: lower(account.address),
      ...(account.chainId === undefined ? {} : { chainId: account.chainId }),
      accountType: account.accountType,
      groups: record(),
    }
    const address = lower(account.address)
    if (account.chainId === undefined) chainlessAccounts[address] ??= id
    else fileByChain(accountsByAddress, address, { chainId: account.chainId, id, shard: idShard(id) })
  })
  yield* each(entities.accountGroupMembers, (member) => {
    const account = accounts[lower(member.accountId)]
    if (account) account.groups[lower(member.groupId)] = true
  })

  const addressBook: PreparedEntities['addressBook'] = record()
  yield* each(entities.addressBook, (entry) => {
    // An entry names its chain: requests on other chains never meet it.
    if (entry.chainId === undefined) return
    fileByChain(addressBook, lower(entry.address), {
      chainId: entry.chainId,
      id: lower(entry.id),
      classification: entry.classification,
    })
  })

  const assignments: PreparedEntities['assignments'] = record()
  yield* each(entities.userAccounts, (link) => {
    const userId = lower(link.userId)
    assignments[userId] ??= record()
    assignments[userId][lower(link.accountId)] = true
  })

  const decimals = record<number>()
  yield* each(entities.tokens, (token) => {
    decimals[lower(token.id)] = token.decimals
  })

  return {
    users,
    credentials,
    accounts,
    accountsByAddress,
    chainlessAccounts,
    addressBook,
    assignments,
    decimals,
  }
}
