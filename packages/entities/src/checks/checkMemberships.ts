import { ENTITY_ISSUE_CODES } from '../issue'
import type { Steps } from '../steps'
import type { IdCollection } from './checkIds'
import type { IdTable } from './idTable'
import type { IssueCollector } from './issueCollector'
import { groupRows, type LinkTable } from './linkTable'
import { type Item, isItem, itemsOf } from './shared'

type Reference = { field: string; target: IdCollection; noun: string; read: (row: Item) => unknown }

// One reader per field: a named property load is much faster than `row[field]` with a variable field.
const userId = (row: Item) => row.userId
const groupId = (row: Item) => row.groupId
const accountId = (row: Item) => row.accountId

/** The link collections: each row joins two entities, and a pair should appear once. */
export const LINK_COLLECTIONS = {
  userGroupMembers: [
    { field: 'userId', target: 'users', noun: 'user', read: userId },
    { field: 'groupId', target: 'userGroups', noun: 'user group', read: groupId },
  ],
  userAccounts: [
    { field: 'userId', target: 'users', noun: 'user', read: userId },
    { field: 'accountId', target: 'accounts', noun: 'account', read: accountId },
  ],
  accountGroupMembers: [
    { field: 'accountId', target: 'accounts', noun: 'account', read: accountId },
    { field: 'groupId', target: 'accountGroups', noun: 'account group', read: groupId },
  ],
} as const satisfies Record<string, readonly [Reference, Reference]>

export type LinkCollection = keyof typeof LINK_COLLECTIONS

/**
 * Resolves each row of a link collection to the positions of the entities it joins, reporting references to
 * entities the document does not hold (only when the target collection is in the document, so partial documents
 * stay valid) and rows that repeat an earlier one. Returns the resolved table, which the index reuses, or
 * undefined when the document has no such collection. Pauses between its passes: at 200,000 rows the check took
 * 14 ms in one piece.
 */
export function* checkMemberships(
  doc: Item,
  collection: LinkCollection,
  ids: Map<IdCollection, IdTable>,
  issues: IssueCollector | null,
): Steps<LinkTable | undefined> {
  if (!Array.isArray(doc[collection])) return undefined
  const [left, right] = LINK_COLLECTIONS[collection]
  const items = itemsOf(doc, collection)
  const leftIds = ids.get(left.target)
  const rightIds = ids.get(right.target)
  // The ids each row names, resolved a collection at a time (IdTable.getAll); '' where a row names none.
  const lefts: string[] = new Array(items.length).fill('')
  const rights: string[] = new Array(items.length).fill('')
  const named = namedPairs(items, left, right, lefts, rights)
  yield
  const leftAt = resolved(leftIds, lefts)
  yield
  const rightAt = resolved(rightIds, rights)
  yield
  if (issues)
    unresolvedPairs(
      collection,
      items,
      { left, right, leftIds, rightIds },
      { lefts, rights, named, leftAt, rightAt },
      issues,
    )
  const table: LinkTable = {
    leftAt,
    rightAt,
    leftCount: leftIds ? itemsOf(doc, left.target).length : 0,
    rightCount: rightIds ? itemsOf(doc, right.target).length : 0,
  }
  if (issues && leftIds && rightIds) findRepeatedPairs(collection, table, items, issues)
  return table
}

/** Reads the two ids each row names into `lefts` and `rights`; marks the rows that name both. */
function namedPairs(
  items: readonly unknown[],
  left: Reference,
  right: Reference,
  lefts: string[],
  rights: string[],
): Uint8Array {
  const named = new Uint8Array(items.length)
  for (let i = 0; i < items.length; i++) {
    const item = items[i]
    if (!isItem(item)) continue
    const a = left.read(item)
    const b = right.read(item)
    if (typeof a !== 'string' || typeof b !== 'string') continue
    lefts[i] = a
    rights[i] = b
    named[i] = 1
  }
  return named
}

/**
 * Reports the rows naming an entity not there, and among the rows whose pair cannot be resolved to positions, those
 * that repeat an earlier one (compared by their lowercase ids).
 */
function unresolvedPairs(
  collection: LinkCollection,
  items: readonly unknown[],
  sides: { left: Reference; right: Reference; leftIds: IdTable | undefined; rightIds: IdTable | undefined },
  rows: { lefts: string[]; rights: string[]; named: Uint8Array; leftAt: Int32Array; rightAt: Int32Array },
  issues: IssueCollector,
): void {
  const { left, right, leftIds, rightIds } = sides
  const { lefts, rights, named, leftAt, rightAt } = rows
  const unresolved = new Map<string, number>()
  for (let i = 0; i < items.length; i++) {
    if (named[i] === 0) continue
    const l = leftAt[i]!
    const r = rightAt[i]!
    if (leftIds && l < 0) dangling(issues, collection, i, left, lefts[i]!)
    if (rightIds && r < 0) dangling(issues, collection, i, right, rights[i]!)
    if (l < 0 || r < 0) {
      // NUL cannot be typed in an id by accident, so it separates the pair unambiguously.
      const key = `${lefts[i]!.toLowerCase()}\u0000${rights[i]!.toLowerCase()}`
      const first = unresolved.get(key)
      if (first === undefined) unresolved.set(key, i)
      else duplicate(issues, collection, i, first, items[i] as Item)
    }
  }
}

/** The position each row's id has in its collection, -1 where it names none or one not there. */
function resolved(ids: IdTable | undefined, names: readonly string[]): Int32Array {
  const at = new Int32Array(names.length)
  if (!ids) return at.fill(-1)
  // A row that names no id has '' here, which no table holds (an empty id is refused, never filed): -1.
  ids.getAll(names, at)
  return at
}

/**
 * Walks the rows grouped by their left entity; a right entity marked for the current left entity has been
 * linked already. Typed arrays only, so two hundred thousand rows cost a few milliseconds.
 */
function findRepeatedPairs(
  collection: LinkCollection,
  table: LinkTable,
  items: readonly unknown[],
  issues: IssueCollector,
) {
  table.byLeft = groupRows(table.leftAt, table.leftCount)
  const { offsets, rows } = table.byLeft
  const markedFor = new Int32Array(table.rightCount).fill(-1)
  const firstRow = new Int32Array(table.rightCount)
  const repeats: Array<[number, number]> = []
  for (let l = 0; l < table.leftCount; l++) {
    for (let k = offsets[l]!; k < offsets[l + 1]!; k++) {
      const row = rows[k]!
      const r = table.rightAt[row]!
      if (r < 0) continue
      if (markedFor[r] === l) repeats.push([row, firstRow[r]!])
      else {
        markedFor[r] = l
        firstRow[r] = row
      }
    }
  }
  repeats.sort((x, y) => x[0] - y[0])
  for (const [row, first] of repeats) duplicate(issues, collection, row, first, items[row] as Item)
}

function duplicate(
  issues: IssueCollector,
  collection: LinkCollection,
  row: number,
  first: number,
  item: Item,
) {
  const [left, right] = LINK_COLLECTIONS[collection]
  issues.add({
    code: ENTITY_ISSUE_CODES.duplicateMembership,
    severity: 'error',
    path: `/${collection}/${row}`,
    message: `${left.field} ${JSON.stringify(item[left.field])} and ${right.field} ${JSON.stringify(item[right.field])} are already linked by /${collection}/${first}`,
    related: `/${collection}/${first}`,
  })
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
