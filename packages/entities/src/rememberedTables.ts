import type { EntityTables } from './checks/analyzeEntities'
import type { EntityValidationResult } from './issue'

/**
 * The tables a successful validation built, kept beside its result without showing in it: the result stays a
 * plain `{valid, issues}` value to print or serialize, and the tables go when the result goes.
 */
const tablesOfResult = new WeakMap<EntityValidationResult, { doc: object; tables: EntityTables }>()

export function rememberTables(result: EntityValidationResult, doc: object, tables: EntityTables): void {
  tablesOfResult.set(result, { doc, tables })
}

/** The tables of a validation result, only when that validation was of this very document. */
export function recalledTables(result: EntityValidationResult, doc: object): EntityTables | undefined {
  const remembered = tablesOfResult.get(result)
  return remembered?.doc === doc ? remembered.tables : undefined
}
