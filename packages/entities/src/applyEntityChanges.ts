import { keyFingerprint, keyMember } from './checks/checkCredentials'
import { isItem } from './checks/shared'
import { emptyEntities } from './emptyEntities'
import type { Entities } from './generated/entities'
import { ENTITY_ISSUE_CODES, type EntityIssue } from './issue'
import {
  ID_COLLECTIONS,
  type IdCollection,
  LINK_SIDES,
  type LinkCollection,
  type MutableEntityIndex,
} from './mutableEntityIndex'
import { validateEntities } from './validateEntities'

/**
 * One change to an organization: put an entity (added, or replacing the one with its id; a link, by its two ids),
 * or remove one by id (a link, by the link itself).
 */
export type EntityChange =
  | { op: 'put'; collection: IdCollection | LinkCollection; entity: Record<string, unknown> }
  | { op: 'remove'; collection: IdCollection; id: string }
  | { op: 'remove'; collection: LinkCollection; entity: Record<string, unknown> }

/** What a change touched: the entity before it (if any) and after it (if any), for the index's consumers to patch. */
export interface AppliedChange {
  collection: IdCollection | LinkCollection
  before: Record<string, unknown> | undefined
  after: Record<string, unknown> | undefined
}

export type EntityChangesResult =
  | { valid: true; applied: AppliedChange[]; undo: () => void }
  | { valid: false; issues: EntityIssue[] }

const isLinkCollection = (value: unknown): value is LinkCollection =>
  typeof value === 'string' && Object.hasOwn(LINK_SIDES, value)
const isIdCollection = (value: unknown): value is IdCollection =>
  (ID_COLLECTIONS as readonly unknown[]).includes(value)
const error = (code: string, path: string, message: string): EntityIssue => ({
  code: code as EntityIssue['code'],
  severity: 'error',
  path,
  message,
})

/** The entities a put refers to, which the small document it is validated in must hold too. */
function referencesOf(index: MutableEntityIndex, collection: string, entity: Record<string, unknown>) {
  const doc = emptyEntities() as unknown as Record<string, unknown[]>
  doc[collection] = [entity]
  const add = (target: IdCollection, id: unknown) => {
    const found = typeof id === 'string' ? index.find(target, id) : undefined
    if (found && target !== collection) doc[target]?.push(found)
  }
  if (collection === 'userGroupMembers') add('users', entity.userId), add('userGroups', entity.groupId)
  if (collection === 'userAccounts') add('users', entity.userId), add('accounts', entity.accountId)
  if (collection === 'accountGroupMembers')
    add('accounts', entity.accountId), add('accountGroups', entity.groupId)
  if (collection === 'credentials') add('users', entity.userId)
  return doc as unknown as Entities
}

/**
 * The issues of putting an entity into the organization: its schema and every rule of validateEntities, checked in
 * a document of the entity and what it refers to, then the rules that span the organization (an address, a kid or
 * a key another entity holds). Paths point into the change (`/<at>/entity/...`).
 */
function putIssues(index: MutableEntityIndex, change: Record<string, unknown>, at: number): EntityIssue[] {
  const { collection, entity } = change as { collection: IdCollection | LinkCollection; entity: unknown }
  if (!isItem(entity)) return [error('schema.type', `/${at}/entity`, 'must be an object')]
  const result = validateEntities(referencesOf(index, collection, entity), { kind: 'full' })
  const own = `/${collection}/0`
  const issues = result.issues
    .filter((issue) => issue.severity === 'error')
    .map((issue) => ({
      ...issue,
      path: issue.path.startsWith(own) ? `/${at}/entity${issue.path.slice(own.length)}` : `/${at}/entity`,
    }))
  if (issues.length > 0) return issues
  const id = typeof entity.id === 'string' ? entity.id.toLowerCase() : undefined
  const others = (ids: readonly string[]) => ids.filter((other) => other !== id)
  if (collection === 'accounts') {
    const taken = others(index.idsAt('accounts', entity.chainId, entity.address as string))
    if (taken.length > 0)
      issues.push(
        error(
          ENTITY_ISSUE_CODES.duplicateAccountAddress,
          `/${at}/entity/address`,
          `address ${entity.address} is already account ${JSON.stringify(index.find('accounts', taken[0] as string)?.id)} on ${entity.chainId === undefined ? 'every chain' : `chain ${entity.chainId}`}`,
        ),
      )
  }
  if (collection === 'addressBook') {
    for (const other of others(index.idsAt('addressBook', entity.chainId, entity.address as string))) {
      const existing = index.find('addressBook', other)
      if (existing && existing.classification !== entity.classification)
        issues.push(
          error(
            ENTITY_ISSUE_CODES.addressBookConflict,
            `/${at}/entity/classification`,
            `address ${entity.address} on chain ${entity.chainId} is classified ${JSON.stringify(existing.classification)} by ${JSON.stringify(existing.id)}`,
          ),
        )
    }
  }
  if (collection === 'credentials') {
    const member = keyMember(entity)
    const jwk = entity[member] as Record<string, unknown>
    if (typeof jwk.kid === 'string' && others(index.credentialsWith('kid', jwk.kid)).length > 0)
      issues.push(
        error(
          ENTITY_ISSUE_CODES.duplicateKid,
          `/${at}/entity/${member}/kid`,
          `kid ${JSON.stringify(jwk.kid)} is already used`,
        ),
      )
    const fingerprint = keyFingerprint(jwk)
    if (fingerprint !== undefined && others(index.credentialsWith('key', fingerprint)).length > 0)
      issues.push(
        error(
          ENTITY_ISSUE_CODES.duplicateKey,
          `/${at}/entity/${member}`,
          "this public key is already another credential's key: whoever holds it authenticates as both",
        ),
      )
    const webauthn = entity.webauthn as Record<string, unknown> | undefined
    const passkeyId = typeof webauthn?.credentialId === 'string' ? webauthn.credentialId : undefined
    if (passkeyId !== undefined && others(index.credentialsWith('webauthnId', passkeyId)).length > 0)
      issues.push(
        error(
          ENTITY_ISSUE_CODES.duplicateWebAuthnId,
          `/${at}/entity/webauthn/credentialId`,
          "this WebAuthn credential id is already another credential's",
        ),
      )
  }
  return issues
}

/** Links that name an entity, by collection and side: what removing the entity would leave dangling. */
const REFERRERS: Partial<Record<IdCollection, [LinkCollection, 'left' | 'right'][]>> = {
  users: [
    ['userGroupMembers', 'left'],
    ['userAccounts', 'left'],
  ],
  userGroups: [['userGroupMembers', 'right']],
  accounts: [
    ['userAccounts', 'right'],
    ['accountGroupMembers', 'left'],
  ],
  accountGroups: [['accountGroupMembers', 'right']],
}

function removeIssues(index: MutableEntityIndex, change: Record<string, unknown>, at: number): EntityIssue[] {
  const collection = change.collection as IdCollection | LinkCollection
  const key = isLinkCollection(collection) ? change.entity : change.id
  const keyPath = `/${at}/${isLinkCollection(collection) ? 'entity' : 'id'}`
  if (isLinkCollection(collection) ? !isItem(key) : typeof key !== 'string')
    return [
      error('schema.type', keyPath, isLinkCollection(collection) ? 'must be an object' : 'must be a string'),
    ]
  const found = index.find(collection, key as string)
  if (!found)
    return [error(ENTITY_ISSUE_CODES.danglingReference, keyPath, `there is no such entity in ${collection}`)]
  if (isLinkCollection(collection)) return []
  const issues: EntityIssue[] = []
  for (const [links, side] of REFERRERS[collection] ?? []) {
    const count = index.linksOf(links, side, key as string).length
    if (count > 0)
      issues.push(
        error(
          ENTITY_ISSUE_CODES.danglingReference,
          keyPath,
          `${count} link(s) in ${links} still name it: remove them first`,
        ),
      )
  }
  if (collection === 'users' && index.credentialsOfUser(key as string).length > 0)
    issues.push(
      error(
        ENTITY_ISSUE_CODES.danglingReference,
        keyPath,
        'credentials still name this user: remove them first',
      ),
    )
  return issues
}

/**
 * Validates changes one after the other against the organization as the changes before them left it, and applies
 * each to the index. All or nothing: on the first change refused, every change already applied is undone and the
 * issues are returned, with JSON Pointers into the list of changes. A valid result can still be undone (`undo`),
 * for a consumer whose own update of the same changes fails.
 */
export function applyEntityChanges(
  index: MutableEntityIndex,
  changes: readonly unknown[],
): EntityChangesResult {
  const undos: (() => void)[] = []
  const applied: AppliedChange[] = []
  const undo = () => {
    for (let i = undos.length - 1; i >= 0; i--) undos[i]?.()
  }
  if (!Array.isArray(changes))
    return { valid: false, issues: [error('schema.type', '', 'must be a list of changes')] }
  for (let at = 0; at < changes.length; at++) {
    const change = changes[at] as Record<string, unknown>
    let issues: EntityIssue[]
    if (!isItem(change)) issues = [error('schema.type', `/${at}`, 'must be an object')]
    else if (change.op !== 'put' && change.op !== 'remove')
      issues = [error('schema.enum', `/${at}/op`, 'must be "put" or "remove"')]
    else if (!isIdCollection(change.collection) && !isLinkCollection(change.collection))
      issues = [error('schema.enum', `/${at}/collection`, 'is not a collection of entities')]
    else issues = change.op === 'put' ? putIssues(index, change, at) : removeIssues(index, change, at)
    if (issues.length > 0) {
      undo()
      return { valid: false, issues }
    }
    const collection = change.collection as IdCollection | LinkCollection
    const key = change.op === 'put' || isLinkCollection(collection) ? change.entity : change.id
    const lookup = isLinkCollection(collection)
      ? (key as Record<string, unknown>)
      : String((key as { id?: unknown })?.id ?? key)
    const before = index.find(collection, lookup)
    const after = change.op === 'put' ? (change.entity as Record<string, unknown>) : undefined
    undos.push(after ? index.put(collection, after) : index.remove(collection, lookup))
    applied.push({ collection, before, after })
  }
  return { valid: true, applied, undo }
}
