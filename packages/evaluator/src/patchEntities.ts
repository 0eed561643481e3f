import type { AppliedChange, MutableEntityIndex } from '@rampart/entities'
import { idShard, libraryPath, libraryValue } from './libraryLayout'
import type { DataPatch } from './patchPolicyData'
import type { PreparedEntities } from './prepareEntities'

const lower = (value: string) => value.toLowerCase()
const record = <T>(): Record<string, T> => Object.create(null)
type Entity = Record<string, unknown>

/** The keys of the prepared entities a change may alter, by the record that holds them. */
interface Touched {
  users: Set<string>
  credentials: Set<string>
  accounts: Set<string>
  addresses: Set<string>
  book: Set<string>
  assignments: Set<string>
  decimals: Set<string>
}

const str = (value: unknown) => lower(String(value))

/** Files each prepared key the entity (before or after a change) is found under. */
function touch(touched: Touched, collection: string, entity: Entity | undefined): void {
  if (!entity) return
  switch (collection) {
    case 'users':
      touched.users.add(str(entity.id))
      break
    case 'userGroupMembers':
      touched.users.add(str(entity.userId))
      break
    case 'credentials': {
      touched.credentials.add(str(entity.id))
      const kid = (entity.key as Entity | undefined)?.kid
      if (typeof kid === 'string') touched.credentials.add(lower(kid))
      break
    }
    case 'accounts':
      touched.accounts.add(str(entity.id))
      touched.addresses.add(str(entity.address))
      break
    case 'accountGroupMembers':
      touched.accounts.add(str(entity.accountId))
      break
    case 'addressBook':
      touched.book.add(str(entity.address))
      break
    case 'userAccounts':
      touched.assignments.add(str(entity.userId))
      break
    case 'tokens':
      touched.decimals.add(str(entity.id))
      break
  }
}

/** A record of ids set to true: how the policy library reads a set. */
function setOf(entities: readonly { id: string }[]): Record<string, true> {
  const set = record<true>()
  for (const entity of entities) set[lower(entity.id)] = true
  return set
}

/** The prepared value of each touched key, as prepareEntities would build it from the index; undefined if none. */
function recompute(index: MutableEntityIndex, touched: Touched): PreparedChange[] {
  const out: PreparedChange[] = []
  for (const id of touched.users) {
    const user = index.user(id)
    out.push(['users', id, user && { role: user.role, groups: setOf(index.groupsOfUser(id)) }])
  }
  for (const key of touched.credentials) {
    // Under its own id, else under the kid of its key (a credential's id and another's kid never meet in practice).
    const byId = index.credential(key)
    const byKid = byId ? undefined : index.credentialsWith('kidLower', key)[0]
    const credential = byId ?? (byKid === undefined ? undefined : index.credential(byKid))
    out.push(['credentials', key, credential && lower(credential.userId)])
  }
  for (const id of touched.accounts) {
    const account = index.account(id)
    out.push([
      'accounts',
      id,
      account && {
        id,
        address: lower(account.address),
        ...(account.chainId === undefined ? {} : { chainId: account.chainId }),
        accountType: account.accountType,
        groups: setOf(index.groupsOfAccount(id)),
      },
    ])
  }
  for (const address of touched.addresses) {
    const onChains: PreparedEntities['accountsByAddress'][string] = []
    let chainless: string | undefined
    for (const id of index.idsAtAddress('accounts', address)) {
      const chainId = index.account(id)?.chainId
      if (chainId === undefined) chainless ??= id
      else if (!onChains.some((entry) => entry.chainId === chainId))
        onChains.push({ chainId, id, shard: idShard(id) })
    }
    out.push(['accountsByAddress', address, onChains.length > 0 ? onChains : undefined])
    out.push(['chainlessAccounts', address, chainless])
  }
  for (const address of touched.book) {
    const entries: { chainId: number; id: string; classification: string }[] = []
    for (const id of index.idsAtAddress('addressBook', address)) {
      const entry = index.find('addressBook', id)
      const chainId = entry?.chainId as number | undefined
      if (chainId === undefined || entries.some((existing) => existing.chainId === chainId)) continue
      entries.push({ chainId, id, classification: entry?.classification as string })
    }
    out.push(['addressBook', address, entries.length > 0 ? entries : undefined])
  }
  for (const userId of touched.assignments) {
    const accounts = index.accountsOfUser(userId)
    out.push(['assignments', userId, accounts.length > 0 ? setOf(accounts) : undefined])
  }
  for (const id of touched.decimals) out.push(['decimals', id, index.token(id)?.decimals])
  return out
}

/** A prepared key set to a new value, or (value undefined) taken out. */
export type PreparedChange = [collection: keyof PreparedEntities, key: string, value: unknown]

/**
 * The changes that bring prepared entities up to date with changes the index already holds, and the patches that
 * do the same to the policy library's data.entities (as the library holds it: libraryLayout.ts): each key a change
 * touched, before or after it, is prepared again from the index, so the cost is that of the change, not of the
 * organization. Also says whether a token changed (policies then read other decimals).
 */
export function entityPatches(
  prepared: PreparedEntities,
  index: MutableEntityIndex,
  applied: readonly AppliedChange[],
): { changes: PreparedChange[]; patches: DataPatch[]; undo: DataPatch[]; tokensChanged: boolean } {
  const touched: Touched = {
    users: new Set(),
    credentials: new Set(),
    accounts: new Set(),
    addresses: new Set(),
    book: new Set(),
    assignments: new Set(),
    decimals: new Set(),
  }
  for (const change of applied) {
    touch(touched, change.collection, change.before)
    touch(touched, change.collection, change.after)
  }
  const changes: PreparedChange[] = []
  const patches: DataPatch[] = []
  const undo: DataPatch[] = []
  for (const change of recompute(index, touched)) {
    const [name, key, value] = change
    const current = (prepared[name] as Record<string, unknown>)[key]
    if (value === undefined && current === undefined) continue
    const path = libraryPath(name, key)
    changes.push(change)
    patches.push({ path, value: libraryValue(name, value) })
    undo.push({ path, value: libraryValue(name, current) })
  }
  return { changes, patches, undo: undo.reverse(), tokensChanged: touched.decimals.size > 0 }
}

/** Applies prepared changes to the prepared entities the evaluator reads (their patches went to the library). */
export function applyToPrepared(prepared: PreparedEntities, changes: readonly PreparedChange[]): void {
  for (const [name, key, value] of changes) {
    const records = prepared[name] as Record<string, unknown>
    if (value === undefined) delete records[key]
    else records[key] = value
  }
}
