import type { EntityChange } from './applyEntityChanges'
import type { OrganizationDocument as Document } from './entityChangesBetween'
import { LINK_SIDES, type LinkCollection, linkKey } from './mutableEntityIndex'
import { runToEnd, type Steps } from './steps'

type Entity = Record<string, unknown>

/** Entities filed by key between two pauses of the steps, as entityChangesBetween compares them. */
const ENTITIES_PER_STEP = 2_000

const isLinkCollection = (collection: string): collection is LinkCollection =>
  Object.hasOwn(LINK_SIDES, collection)

/** An entity's key as the index files it: its id lowercased, or a link's two ids. */
const keyOf = (collection: string, entity: Entity) =>
  isLinkCollection(collection) ? linkKey(collection, entity) : String(entity.id).toLowerCase()

/** One collection as the changes rewrite it: its entities by position, and each key's position. */
type Rewritten = { items: (Entity | undefined)[]; at: Map<string, number>; removed: boolean }

/**
 * The organization document after a list of entity changes (as entityChangesBetween makes them, and
 * Evaluator.updateEntities takes them): a put replaces the entity with its key where it stands, or adds it at the end
 * of its collection; a remove takes it out. Keys are ids lowercased, and a link's two ids. The document given is not
 * changed; collections no change touches are shared with it.
 *
 * This is how a decision log's `entities.changed` entry that carries `entityChanges` applies to the organization the
 * entry before it left: a replay or an auditor rebuilds each version from the last whole one, and checks it against
 * the entry's `state.entitiesHash`. The changes are not validated here (Evaluator.updateEntities and
 * applyEntityChanges do that): a remove of a key that is not there changes nothing.
 */
export function applyEntityChangesToDocument(document: Document, changes: readonly EntityChange[]): Document {
  return runToEnd(applyEntityChangesToDocumentInSteps(document, changes))
}

/**
 * applyEntityChangesToDocument, pausing every few thousand entities filed (runInSlices in @rampart/evaluator gives
 * the event loop a turn there): each collection a change touches is filed by key once, 100,000 accounts in about
 * 20 ms. Neither argument may change until the steps end.
 */
export function* applyEntityChangesToDocumentInSteps(
  document: Document,
  changes: readonly EntityChange[],
): Steps<Document> {
  const rewritten = new Map<string, Rewritten>()
  for (const change of changes) {
    let collection = rewritten.get(change.collection)
    if (!collection) {
      collection = yield* filed(change.collection, document[change.collection])
      rewritten.set(change.collection, collection)
    }
    const key = 'id' in change ? change.id.toLowerCase() : keyOf(change.collection, change.entity)
    const position = collection.at.get(key)
    if (change.op === 'remove') {
      if (position === undefined) continue
      collection.items[position] = undefined
      collection.at.delete(key)
      collection.removed = true
    } else if (position === undefined) {
      collection.at.set(key, collection.items.push(change.entity) - 1)
    } else {
      collection.items[position] = change.entity
    }
  }
  const after: Document = { ...document }
  for (const [name, collection] of rewritten) {
    after[name] = collection.removed
      ? collection.items.filter((item): item is Entity => item !== undefined)
      : collection.items
  }
  return after
}

/** A copy of a collection's entities, filed by key (the last of two with one key wins, as a put would). */
function* filed(collection: string, items: unknown): Steps<Rewritten> {
  const list = Array.isArray(items) ? [...(items as Entity[])] : []
  const at = new Map<string, number>()
  for (let position = 0; position < list.length; position++) {
    if (position % ENTITIES_PER_STEP === ENTITIES_PER_STEP - 1) yield
    at.set(keyOf(collection, list[position] as Entity), position)
  }
  return { items: list, at, removed: false }
}
