import { ENTITY_ISSUE_CODES } from '../issue'
import type { IdCollection } from './checkIds'
import type { IssueCollector } from './issueCollector'
import { type Item, isItem, itemsOf } from './shared'

type Reference = { field: string; target: IdCollection; noun: string }

/** The link collections: each row joins two entities, and a pair should appear once. */
const LINK_COLLECTIONS: Record<string, readonly [Reference, Reference]> = {
  userGroupMembers: [
    { field: 'userId', target: 'users', noun: 'user' },
    { field: 'groupId', target: 'userGroups', noun: 'user group' },
  ],
  userAccounts: [
    { field: 'userId', target: 'users', noun: 'user' },
    { field: 'accountId', target: 'accounts', noun: 'account' },
  ],
  accountGroupMembers: [
    { field: 'accountId', target: 'accounts', noun: 'account' },
    { field: 'groupId', target: 'accountGroups', noun: 'account group' },
  ],
}

/**
 * Reports link rows that repeat an earlier row, and references to entities the document does not hold. A
 * reference is only checked when its target collection is in the document, so partial documents stay valid.
 */
export function checkMemberships(
  doc: Item,
  ids: Map<IdCollection, Map<string, number>>,
  issues: IssueCollector,
): void {
  for (const [collection, refs] of Object.entries(LINK_COLLECTIONS)) {
    if (!Array.isArray(doc[collection])) continue
    const items = itemsOf(doc, collection)
    const [left, right] = refs
    const leftIds = ids.get(left.target)
    const rightIds = ids.get(right.target)
    // Rows are keyed by the positions of the two entities they join when both collections are present: a number
    // key is far cheaper to hash than a joined string. Partial documents fall back to the joined lowercase ids.
    const width = rightIds ? itemsOf(doc, right.target).length : 0
    const seen = new Map<number | string, number>()
    for (let i = 0; i < items.length; i++) {
      const item = items[i]
      if (!isItem(item)) continue
      const a = item[left.field]
      const b = item[right.field]
      if (typeof a !== 'string' || typeof b !== 'string') continue
      const lowerA = a.toLowerCase()
      const lowerB = b.toLowerCase()
      const leftAt = leftIds?.get(lowerA)
      const rightAt = rightIds?.get(lowerB)
      if (leftIds && leftAt === undefined) dangling(issues, collection, i, left, a)
      if (rightIds && rightAt === undefined) dangling(issues, collection, i, right, b)
      // NUL cannot be typed in an id by accident, so it separates the pair unambiguously.
      const key =
        leftAt !== undefined && rightAt !== undefined ? leftAt * width + rightAt : `${lowerA}\u0000${lowerB}`
      const first = seen.get(key)
      if (first === undefined) {
        seen.set(key, i)
      } else {
        issues.add({
          code: ENTITY_ISSUE_CODES.duplicateMembership,
          severity: 'error',
          path: `/${collection}/${i}`,
          message: `${left.field} ${JSON.stringify(a)} and ${right.field} ${JSON.stringify(b)} are already linked by /${collection}/${first}`,
          related: `/${collection}/${first}`,
        })
      }
    }
  }
}

function dangling(
  issues: IssueCollector,
  collection: string,
  index: number,
  ref: Reference,
  value: string,
): void {
  issues.add({
    code: ENTITY_ISSUE_CODES.danglingReference,
    severity: 'error',
    path: `/${collection}/${index}/${ref.field}`,
    message: `${ref.field} ${JSON.stringify(value)} does not match any ${ref.noun} in ${ref.target}`,
  })
}
