import type { EntityTables } from './checks/analyzeEntities'
import type { EntityKind } from './entityKinds'
import type { EntityValidationResult } from './issue'

/**
 * The tables a successful validation built, kept beside its result without showing in it: the result stays a
 * plain `{valid, issues, entities}` value to print or serialize, and the tables go when the result goes.
 */
type Remembered = { doc: object; tables: EntityTables; kind: EntityKind }
const tablesOfResult = new WeakMap<EntityValidationResult, Remembered>()

export function rememberTables(
  result: EntityValidationResult,
  doc: object,
  tables: EntityTables,
  kind: EntityKind,
): void {
  tablesOfResult.set(result, { doc, tables, kind })
}

/** The tables of a validation result and the kind it validated, only when it was of this very document. */
export function recalledTables(
  result: EntityValidationResult,
  doc: object,
): { tables: EntityTables; kind: EntityKind } | undefined {
  const remembered = tablesOfResult.get(result)
  return remembered?.doc === doc ? remembered : undefined
}
