import { applyEntityChanges, type EntityIssue, type MutableEntityIndex } from '@rampart/entities'
import { canonicalJson } from '@rampart/evaluator'

/** What entity changes would do to an organization: refused with its issues, or valid, changing it or not. */
export type EntityChangesCheck = { valid: false; issues: EntityIssue[] } | { valid: true; changed: boolean }

/**
 * Validates entity changes against an organization's index, as applyEntityChanges does, and undoes them at once:
 * the index is left holding what it held. Synchronous, so that nothing else sees the index changed meanwhile.
 * `changed`: whether any change made a difference (a put of an entity exactly as it was does not).
 */
export function checkEntityChanges(
  index: MutableEntityIndex,
  changes: readonly unknown[],
): EntityChangesCheck {
  const result = applyEntityChanges(index, changes)
  if (!result.valid)
    return { valid: false, issues: result.issues.filter((issue) => issue.severity === 'error') }
  result.undo()
  const changed = result.applied.some(({ before, after }) =>
    before === undefined || after === undefined
      ? before !== after
      : canonicalJson(before) !== canonicalJson(after),
  )
  return { valid: true, changed }
}
