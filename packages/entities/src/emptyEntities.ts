import type { Entities } from './generated/entities'

/** An Entities document with every collection empty: an organization that has not described itself yet. */
export function emptyEntities(): Entities {
  return {
    users: [],
    userGroups: [],
    userGroupMembers: [],
    userAccounts: [],
    credentials: [],
    accounts: [],
    accountGroups: [],
    accountGroupMembers: [],
    tokens: [],
    addressBook: [],
  }
}
