import type { Entities } from '@rampart/entities'

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
 * compare case-insensitively), addresses too, and chain-scoped keys read `<chainId>:<address>`.
 */
export interface PreparedEntities {
  users: Record<string, PreparedUser>
  /** Credential id, and the `kid` of its key, to user id. */
  credentials: Record<string, string>
  accounts: Record<string, PreparedAccount>
  /** `<chainId>:<address>` (or the bare address for an account with no chain) to account id. */
  accountsByAddress: Record<string, string>
  addressBook: Record<string, { id: string; classification: string }>
  /** User id to the set of account ids assigned to the user. */
  assignments: Record<string, Record<string, true>>
  /** Lowercased CAIP-19 token id to its decimals. */
  decimals: Record<string, number>
}

const lower = (value: string) => value.toLowerCase()

export function chainAddressKey(chainId: number | undefined, address: string): string {
  return chainId === undefined ? lower(address) : `${chainId}:${lower(address)}`
}

/** Builds the lookup objects the policy library needs from a validated Entities document. */
export function prepareEntities(entities: Entities): PreparedEntities {
  const users: Record<string, PreparedUser> = {}
  for (const user of entities.users) users[lower(user.id)] = { role: user.role, groups: {} }
  for (const member of entities.userGroupMembers) {
    const user = users[lower(member.userId)]
    if (user) user.groups[lower(member.groupId)] = true
  }

  const credentials: Record<string, string> = {}
  for (const credential of entities.credentials) {
    const userId = lower(credential.userId)
    credentials[lower(credential.id)] = userId
    if (typeof credential.key.kid === 'string') credentials[lower(credential.key.kid)] = userId
  }

  const accounts: Record<string, PreparedAccount> = {}
  const accountsByAddress: Record<string, string> = {}
  for (const account of entities.accounts) {
    const id = lower(account.id)
    accounts[id] = {
      id,
      address: lower(account.address),
      ...(account.chainId === undefined ? {} : { chainId: account.chainId }),
      accountType: account.accountType,
      groups: {},
    }
    accountsByAddress[chainAddressKey(account.chainId, account.address)] ??= id
  }
  for (const member of entities.accountGroupMembers) {
    const account = accounts[lower(member.accountId)]
    if (account) account.groups[lower(member.groupId)] = true
  }

  const addressBook: PreparedEntities['addressBook'] = {}
  for (const entry of entities.addressBook) {
    addressBook[chainAddressKey(entry.chainId, entry.address)] ??= {
      id: lower(entry.id),
      classification: entry.classification,
    }
  }

  const assignments: PreparedEntities['assignments'] = {}
  for (const link of entities.userAccounts) {
    const userId = lower(link.userId)
    assignments[userId] ??= {}
    assignments[userId][lower(link.accountId)] = true
  }

  const decimals: Record<string, number> = {}
  for (const token of entities.tokens) decimals[lower(token.id)] = token.decimals

  return { users, credentials, accounts, accountsByAddress, addressBook, assignments, decimals }
}
