/**
 * Rows grouped by the entity on one side, in compressed sparse row form: the rows of entity `e` are
 * `rows[offsets[e]]` to `rows[offsets[e + 1] - 1]`, in document order. Two typed arrays, no per-entity object.
 */
export interface RowGroups {
  offsets: Int32Array
  rows: Int32Array
}

/**
 * A link collection (userGroupMembers, userAccounts, accountGroupMembers) resolved to positions: for row `i`,
 * `leftAt[i]` and `rightAt[i]` are the positions of the entities it joins in their collections, or -1 when the
 * reference does not resolve (or its collection is not in the document).
 */
export interface LinkTable {
  leftAt: Int32Array
  rightAt: Int32Array
  leftCount: number
  rightCount: number
  /** The rows grouped by left entity, once the duplicate check (or the index) has grouped them. */
  byLeft?: RowGroups
}

/** Groups the rows of a link table by the entity at one side, with a counting sort: linear, no hashing. */
export function groupRows(at: Int32Array, count: number): RowGroups {
  const offsets = new Int32Array(count + 1)
  for (let i = 0; i < at.length; i++) {
    const e = at[i]!
    if (e >= 0) offsets[e + 1]!++
  }
  for (let e = 0; e < count; e++) offsets[e + 1]! += offsets[e]!
  const rows = new Int32Array(offsets[count]!)
  const next = offsets.slice(0, count)
  for (let i = 0; i < at.length; i++) {
    const e = at[i]!
    if (e >= 0) rows[next[e]!++] = i
  }
  return { offsets, rows }
}
