import type { EntityChange } from './applyEntityChanges'
import { ID_COLLECTIONS, type IdCollection, LINK_SIDES, type LinkCollection } from './mutableEntityIndex'
import { runToEnd, type Steps } from './steps'

type Entity = Record<string, unknown>
/** An organization as a JSON document (an Entities document, or one read back from a database). */
export type OrganizationDocument = Record<string, unknown>
type Document = OrganizationDocument

const LINK_COLLECTIONS = Object.keys(LINK_SIDES) as LinkCollection[]
/** Removed before the users they name: a user with a credential left cannot be removed. */
const REMOVE_ORDER: readonly IdCollection[] = [
  'credentials',
  ...ID_COLLECTIONS.filter((c) => c !== 'credentials'),
]
/** Put after the users they name, for the same reason the other way round. */
const PUT_ORDER: readonly IdCollection[] = [
  ...ID_COLLECTIONS.filter((c) => c !== 'credentials'),
  'credentials',
]

/** Whether two JSON values are the same, whatever the order of their objects' keys (a database may reorder them). */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false
  if (Array.isArray(a) !== Array.isArray(b)) return false
  if (Array.isArray(a)) {
    const other = b as unknown[]
    return a.length === other.length && a.every((item, i) => sameJson(item, other[i]))
  }
  const keys = Object.keys(a)
  if (keys.length !== Object.keys(b).length) return false
  return keys.every((key) => Object.hasOwn(b, key) && sameJson((a as Document)[key], (b as Document)[key]))
}

const itemsOf = (document: Document, collection: string): Entity[] => {
  const items = document[collection]
  return Array.isArray(items) ? (items as Entity[]) : []
}

/** Entities compared or filed between two pauses of the steps: about a millisecond of accounts. */
const ENTITIES_PER_STEP = 2_000

/** A key for each entity as the index files it (ids lowercased); undefined when two entities share one. */
function* byKey(
  items: readonly Entity[],
  keyOf: (entity: Entity) => string,
): Steps<Map<string, Entity> | undefined> {
  const map = new Map<string, Entity>()
  for (let at = 0; at < items.length; at++) {
    if (at % ENTITIES_PER_STEP === ENTITIES_PER_STEP - 1) yield
    const item = items[at]!
    const key = keyOf(item)
    if (map.has(key)) return undefined
    map.set(key, item)
  }
  return map
}

const idKey = (entity: Entity) => String(entity.id).toLowerCase()
const linkKeyOf = (collection: LinkCollection) => (link: Entity) => {
  const [left, right] = LINK_SIDES[collection]
  return `${String(link[left]).toLowerCase()}\u0000${String(link[right]).toLowerCase()}`
}

/**
 * The entity changes that turn one organization into the other, in an order `Evaluator.updateEntities` accepts:
 * links removed, then entities removed (credentials first), then entities put (credentials last), then links put.
 * Ids are compared case-insensitively, as the index files them: an entity whose id changed case only is put again.
 * Both documents are whole and validated: no two entities share a key. Undefined when the difference is not a list
 * of entity changes (another top-level member changed, or two entities where the documents differ share a key):
 * whoever applies it then loads the new document whole.
 *
 * One pass over both documents: the gateway's route that replaces a client's entities holds both, and pays this
 * once, so that no gateway compares 100,000 accounts when it picks the change up; a governed evaluator applying a
 * new policy set does the same.
 */
export function entityChangesBetween(before: Document, after: Document): EntityChange[] | undefined {
  return runToEnd(entityChangesBetweenInSteps(before, after))
}

/**
 * entityChangesBetween, pausing every few thousand entities (runInSlices in @rampart/evaluator gives the event loop
 * a turn there): comparing two organizations of 100,000 accounts read from JSON takes about 50 ms. Neither document
 * may change until the steps end.
 */
export function* entityChangesBetweenInSteps(
  before: Document,
  after: Document,
): Steps<EntityChange[] | undefined> {
  const collections = new Set<string>([...ID_COLLECTIONS, ...LINK_COLLECTIONS])
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (!collections.has(key) && !sameJson(before[key], after[key])) return undefined
  }
  const linkRemoves: EntityChange[] = []
  const linkPuts: EntityChange[] = []
  for (const collection of LINK_COLLECTIONS) {
    const diff = yield* diffCollection(before, after, collection, linkKeyOf(collection))
    if (!diff) return undefined
    for (const entity of diff.removed) linkRemoves.push({ op: 'remove', collection, entity })
    for (const entity of diff.put) linkPuts.push({ op: 'put', collection, entity })
  }
  const removes = new Map<IdCollection, EntityChange[]>()
  const puts = new Map<IdCollection, EntityChange[]>()
  for (const collection of ID_COLLECTIONS) {
    const diff = yield* diffCollection(before, after, collection, idKey)
    if (!diff) return undefined
    removes.set(
      collection,
      diff.removed.map((entity) => ({ op: 'remove', collection, id: String(entity.id) })),
    )
    puts.set(
      collection,
      diff.put.map((entity) => ({ op: 'put', collection, entity })),
    )
  }
  return [
    ...linkRemoves,
    ...REMOVE_ORDER.flatMap((collection) => removes.get(collection) ?? []),
    ...PUT_ORDER.flatMap((collection) => puts.get(collection) ?? []),
    ...linkPuts,
  ]
}

/** Where, from `at` and before `limit`, the two lists first hold different entities. */
function sameFromStart(
  old: readonly Entity[],
  current: readonly Entity[],
  at: number,
  limit: number,
): number {
  const end = Math.min(old.length, current.length, limit)
  // The same object first, without a call: what an immutable update keeps, nearly every entity.
  while (at < end && (old[at] === current[at] || sameJson(old[at], current[at]))) at++
  return at
}

/** How many entities, at most `most`, the two lists end with alike before `oldEnd` and `currentEnd`, down to `start`. */
function sameFromEnd(
  old: readonly Entity[],
  current: readonly Entity[],
  oldEnd: number,
  currentEnd: number,
  start: number,
  most: number,
): number {
  let same = 0
  while (
    same < most &&
    oldEnd - same > start &&
    currentEnd - same > start &&
    (old[oldEnd - same - 1] === current[currentEnd - same - 1] ||
      sameJson(old[oldEnd - same - 1], current[currentEnd - same - 1]))
  )
    same++
  return same
}

/**
 * The entities of one collection gone from `before`, and those new or changed in `after` (undefined: ambiguous).
 * The stored document keeps its order, so what is the same at the start and at the end is passed over in order; only
 * the stretch between, where the change is, is compared by key (filing 100,000 entities by key costs far more).
 */
function* diffCollection(
  before: Document,
  after: Document,
  collection: string,
  keyOf: (entity: Entity) => string,
): Steps<{ removed: Entity[]; put: Entity[] } | undefined> {
  const old = itemsOf(before, collection)
  const current = itemsOf(after, collection)
  // The scans run in plain functions, a step's worth at a time: a loop in the generator itself took twice as long.
  let start = 0
  for (;;) {
    const reached = sameFromStart(old, current, start, start + ENTITIES_PER_STEP)
    if (reached < start + ENTITIES_PER_STEP) {
      start = reached
      break
    }
    start = reached
    yield
  }
  let oldEnd = old.length
  let currentEnd = current.length
  for (;;) {
    const same = sameFromEnd(old, current, oldEnd, currentEnd, start, ENTITIES_PER_STEP)
    oldEnd -= same
    currentEnd -= same
    if (same < ENTITIES_PER_STEP) break
    yield
  }
  const was = yield* byKey(old.slice(start, oldEnd), keyOf)
  const now = yield* byKey(current.slice(start, currentEnd), keyOf)
  if (!was || !now) return undefined
  const removed: Entity[] = []
  const put: Entity[] = []
  for (const [key, entity] of was) if (!now.has(key)) removed.push(entity)
  let compared = 0
  for (const [key, entity] of now) {
    const previous = was.get(key)
    if (!previous || !sameJson(previous, entity)) put.push(entity)
    if (++compared % ENTITIES_PER_STEP === 0) yield
  }
  return { removed, put }
}
