import { ENTITY_ISSUE_CODES } from '../issue'
import type { IssueCollector } from './issueCollector'
import { type Item, isItem, itemsOf } from './shared'

/** The collections whose items carry an `id`, with the name of one item for messages. */
export const ID_COLLECTIONS = {
  users: 'user',
  userGroups: 'user group',
  credentials: 'credential',
  accounts: 'account',
  accountGroups: 'account group',
  tokens: 'token',
  addressBook: 'address-book entry',
} as const

export type IdCollection = keyof typeof ID_COLLECTIONS

/**
 * Reports ids used twice in one collection, compared case-insensitively, naming the entry they collide with.
 * Returns, for each collection present in the document, its ids (lowercased) mapped to their item index.
 */
export function checkIds(doc: Item, issues: IssueCollector | null): Map<IdCollection, Map<string, number>> {
  const byCollection = new Map<IdCollection, Map<string, number>>()
  for (const collection of Object.keys(ID_COLLECTIONS) as IdCollection[]) {
    if (!Array.isArray(doc[collection])) continue
    const ids = new Map<string, number>()
    byCollection.set(collection, ids)
    const items = itemsOf(doc, collection)
    for (let i = 0; i < items.length; i++) {
      const item = items[i]
      if (!isItem(item) || typeof item.id !== 'string') continue
      if (item.id === '') {
        issues?.add({
          code: ENTITY_ISSUE_CODES.emptyId,
          severity: 'error',
          path: `/${collection}/${i}/id`,
          message: `${ID_COLLECTIONS[collection]} id must not be empty`,
        })
        continue
      }
      const key = item.id.toLowerCase()
      const first = ids.get(key)
      if (first === undefined) {
        ids.set(key, i)
        continue
      }
      if (!issues) continue
      const firstId = (items[first] as Item).id
      issues.add({
        code: ENTITY_ISSUE_CODES.duplicateId,
        severity: 'error',
        path: `/${collection}/${i}/id`,
        message: `${ID_COLLECTIONS[collection]} id ${JSON.stringify(item.id)} is already used by /${collection}/${first} (${JSON.stringify(firstId)})`,
        related: `/${collection}/${first}/id`,
      })
    }
  }
  return byCollection
}

/**
 * Looks an id up in a map keyed by lowercase ids. The exact string is tried first: keys are lowercase, so an id
 * with any capital can only match after lowering, and lowercase ids (the common case) skip the conversion.
 */
export function findId(ids: Map<string, number>, id: string): number | undefined {
  return ids.get(id) ?? ids.get(id.toLowerCase())
}
