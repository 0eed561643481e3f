import type { EntityChange } from './applyEntityChanges'
import { applyEntityChangesToDocumentInSteps } from './applyEntityChangesToDocument'
import {
  type OrganizationDocument as Document,
  entityChangesBetweenInSteps,
  sameJson,
} from './entityChangesBetween'
import type { Steps } from './steps'

/** The entity changes between two organizations, and whether they rebuild the new one exactly (order included). */
export type EntityChangesWithOrder = { changes: EntityChange[]; exact: boolean }

/** Entities compared between two pauses of the steps. */
const ENTITIES_PER_STEP = 2_000

/**
 * The entity changes between two organizations (entityChangesBetweenInSteps), and whether they are exact: whether
 * applyEntityChangesToDocument turns `before` into `after` itself, entities in the same order, and not only into an
 * organization with the same entities. A log that records the changes instead of the new document needs them exact,
 * since the new document's hash covers the order: an entity edited where it stands, added at the end or removed
 * is; an entity inserted between others, or a collection reordered, is not. Undefined when the difference is not a
 * list of entity changes.
 */
export function* entityChangesWithOrderInSteps(
  before: Document,
  after: Document,
): Steps<EntityChangesWithOrder | undefined> {
  const changes = yield* entityChangesBetweenInSteps(before, after)
  if (!changes) return undefined
  const rebuilt = yield* applyEntityChangesToDocumentInSteps(before, changes)
  return { changes, exact: yield* sameDocument(rebuilt, after) }
}

/** Whether two documents hold the same members, each collection the same entities in the same order. */
function* sameDocument(rebuilt: Document, after: Document): Steps<boolean> {
  const keys = Object.keys(after)
  if (Object.keys(rebuilt).length !== keys.length) return false
  for (const key of keys) {
    const left = rebuilt[key]
    const right = after[key]
    if (left === right) continue
    if (!Array.isArray(left) || !Array.isArray(right)) {
      if (!sameJson(left, right)) return false
      continue
    }
    if (left.length !== right.length) return false
    for (let at = 0; at < left.length; at++) {
      if (at % ENTITIES_PER_STEP === ENTITIES_PER_STEP - 1) yield
      if (left[at] !== right[at] && !sameJson(left[at], right[at])) return false
    }
  }
  return true
}
