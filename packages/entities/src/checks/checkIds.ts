import { ENTITY_ISSUE_CODES } from '../issue'
import { IdTable } from './idTable'
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
 * Returns, for each collection present in the document, its ids mapped to their item index.
 */
export function checkIds(doc: Item, issues: IssueCollector | null): Map<IdCollection, IdTable> {
  const byCollection = new Map<IdCollection, IdTable>()
  for (const collection of Object.keys(ID_COLLECTIONS) as IdCollection[]) {
    if (!Array.isArray(doc[collection])) continue
    const items = itemsOf(doc, collection)
    const ids = new IdTable(items.length)
    byCollection.set(collection, ids)
    for (let i = 0; i < items.length; i++) {
      const item = items[i]
      if (!isItem(item)) continue
      // Read once: items of seven collections, seven shapes, pass this one load, which V8 then looks up by shape.
      const id = item.id
      if (typeof id !== 'string') continue
      if (id === '') {
        issues?.add({
          code: ENTITY_ISSUE_CODES.emptyId,
          severity: 'error',
          path: `/${collection}/${i}/id`,
          message: `${ID_COLLECTIONS[collection]} id must not be empty`,
        })
        continue
      }
      const first = ids.add(id, i)
      if (first === undefined || !issues) continue
      const firstId = (items[first] as Item).id
      issues.add({
        code: ENTITY_ISSUE_CODES.duplicateId,
        severity: 'error',
        path: `/${collection}/${i}/id`,
        message: `${ID_COLLECTIONS[collection]} id ${JSON.stringify(id)} is already used by /${collection}/${first} (${JSON.stringify(firstId)})`,
        related: `/${collection}/${first}/id`,
      })
    }
  }
  return byCollection
}
