import { setImmediate as nextTurn } from 'node:timers/promises'
import {
  applyEntityChangesToDocumentInSteps,
  type EntityChange,
  type EntityChangesWithOrder,
} from '@rampart/entities'
import { runInSlices, type Steps } from '@rampart/evaluator'
import { and, asc, eq, gt, sql } from 'drizzle-orm'
import type { Database } from './openDatabase'
import { organizationChanges, organizationParts } from './organizationSchema'
import { clients } from './schema'

type Organization = Record<string, unknown>

/** Entities in one stored part: about 600 KiB of accounts, which PGlite writes or reads in a few milliseconds. */
export const ENTITIES_PER_PART = 5_000
/** Parts read in one query: their text only, parsed afterwards a part at a time. */
const PARTS_PER_READ = 8
/**
 * Entity changes kept beside the parts before the update that goes past them writes the parts anew: reading the
 * organization applies at most this many, in slices. At 100,000 accounts that write happens once in ten thousand
 * entities changed, where it was once per update.
 */
export const COMPACT_AFTER = 10_000

type ClientRow = typeof clients.$inferSelect
/** A client's row, and its organization. */
export type StoredClient = { client: ClientRow; organization: Organization }

/** What a client's organization is stored as: the head, the parts' text, the changes since the parts were written. */
type StoredText = {
  client: ClientRow
  parts: { collection: string; text: string }[]
  changes: string[]
  /** The one collection read, when not all were. */
  collection?: string | undefined
}

/**
 * A client's row and organization, or undefined for a client that is not registered. Read in one read-only snapshot
 * (REPEATABLE READ, so that an update committed between two of its queries is not half seen), a few parts a query,
 * then parsed and assembled in slices with turns of the event loop between them. `collection`: that collection
 * alone (the others empty), as a connection's sync reads the address book.
 */
export async function readClient(
  db: Database,
  clientId: string,
  options: { collection?: string } = {},
): Promise<StoredClient | undefined> {
  const stored = await db.transaction((tx) => readStoredText(tx as unknown as Database, clientId, options), {
    isolationLevel: 'repeatable read',
    accessMode: 'read only',
  })
  return stored && runInSlices(assembled(stored))
}

/**
 * readClient inside the caller's transaction, locking the client's row as every write of its organization does
 * (lockOrganization): what is read cannot change until the transaction ends.
 */
export async function readClientForUpdate(tx: Database, clientId: string): Promise<StoredClient | undefined> {
  const stored = await readStoredText(tx, clientId, { lock: true })
  return stored && runInSlices(assembled(stored))
}

/**
 * Locks the client's row, as every write of its organization does first (no key update: log appends still reference
 * it): writes to one organization run one at a time across gateways, and a read in a transaction that took the lock
 * sees nothing change.
 */
async function lockOrganization(tx: Database, clientId: string): Promise<void> {
  await tx
    .select({ clientId: clients.clientId })
    .from(clients)
    .where(eq(clients.clientId, clientId))
    .for('no key update')
}

/**
 * Stores the client's organization whole, in the caller's transaction, after the client's row: its head in the row,
 * its entities in parts written a few at a time with turns of the event loop between them, the changes kept beside
 * the old parts cleared.
 */
export async function writeOrganization(tx: Database, clientId: string, organization: Organization) {
  await lockOrganization(tx, clientId)
  const head: Organization = {}
  const parts: { collection: string; entities: Record<string, unknown>[] }[] = []
  for (const [member, value] of Object.entries(organization)) {
    if (!Array.isArray(value)) {
      head[member] = value
      continue
    }
    head[member] = []
    for (let at = 0; at < value.length; at += ENTITIES_PER_PART)
      parts.push({ collection: member, entities: value.slice(at, at + ENTITIES_PER_PART) })
  }
  await tx.update(clients).set({ entitiesHead: head }).where(eq(clients.clientId, clientId))
  await tx.delete(organizationChanges).where(eq(organizationChanges.clientId, clientId))
  await tx.delete(organizationParts).where(eq(organizationParts.clientId, clientId))
  for (const [part, { collection, entities }] of parts.entries()) {
    await tx.insert(organizationParts).values({ clientId, part, collection, entities })
    await nextTurn()
  }
}

/**
 * Stores entity changes made to the client's organization, in the caller's transaction, which holds the client's
 * row lock: appended beside the parts, or, once those kept add up to more than COMPACT_AFTER, the organization after
 * them (`after`) written whole instead.
 */
export async function appendOrganizationChanges(
  tx: Database,
  clientId: string,
  changes: readonly EntityChange[],
  after: Organization,
): Promise<void> {
  // Held already by an update that read the organization for itself; taken here all the same, as the seq read
  // below is only safe under it.
  await lockOrganization(tx, clientId)
  const [kept] = await tx
    .select({
      last: sql<number>`coalesce(max(${organizationChanges.seq}), 0)`.mapWith(Number),
      count: sql<number>`coalesce(sum(${organizationChanges.count}), 0)`.mapWith(Number),
    })
    .from(organizationChanges)
    .where(eq(organizationChanges.clientId, clientId))
  if ((kept?.count ?? 0) + changes.length > COMPACT_AFTER) return writeOrganization(tx, clientId, after)
  await tx.insert(organizationChanges).values({
    clientId,
    seq: (kept?.last ?? 0) + 1,
    changes: [...changes],
    count: changes.length,
  })
}

/**
 * Stores a changed organization, in the caller's transaction: as the entity changes that lead to it, when they
 * rebuild it exactly (a few rows written); else whole (at 100,000 accounts, 70 parts written a few at a time).
 */
export async function storeChangedOrganization(
  tx: Database,
  clientId: string,
  organization: Organization,
  diff: EntityChangesWithOrder | null | undefined,
): Promise<void> {
  if (diff?.exact) await appendOrganizationChanges(tx, clientId, diff.changes, organization)
  else await writeOrganization(tx, clientId, organization)
}

async function readStoredText(
  tx: Database,
  clientId: string,
  options: { lock?: boolean; collection?: string | undefined },
): Promise<StoredText | undefined> {
  const read = tx.select().from(clients).where(eq(clients.clientId, clientId))
  const [client] = await (options.lock ? read.for('no key update') : read)
  if (!client) return undefined
  const ofClient = eq(organizationParts.clientId, clientId)
  const where =
    options.collection === undefined
      ? ofClient
      : and(ofClient, eq(organizationParts.collection, options.collection))
  const parts: StoredText['parts'] = []
  for (let after = -1; ; ) {
    const page = await tx
      .select({
        part: organizationParts.part,
        collection: organizationParts.collection,
        text: sql<string>`${organizationParts.entities}::text`,
      })
      .from(organizationParts)
      .where(and(where, gt(organizationParts.part, after)))
      .orderBy(asc(organizationParts.part))
      .limit(PARTS_PER_READ)
    parts.push(...page)
    if (page.length < PARTS_PER_READ) break
    after = page[page.length - 1]!.part
    await nextTurn()
  }
  const changes = await tx
    .select({ text: sql<string>`${organizationChanges.changes}::text` })
    .from(organizationChanges)
    .where(eq(organizationChanges.clientId, clientId))
    .orderBy(asc(organizationChanges.seq))
  return { client, parts, changes: changes.map((row) => row.text), collection: options.collection }
}

/**
 * The organization from its stored text: a part parsed each step, then the changes kept beside them applied (those
 * of one collection only, when the parts read were).
 */
function* assembled(stored: StoredText): Steps<StoredClient> {
  const { client } = stored
  const organization: Organization = {}
  for (const [member, value] of Object.entries(client.entitiesHead))
    organization[member] = Array.isArray(value) ? [] : value
  for (const { collection, text } of stored.parts) {
    const entities = JSON.parse(text) as unknown[]
    const list = Array.isArray(organization[collection]) ? (organization[collection] as unknown[]) : []
    organization[collection] = list
    for (const entity of entities) list.push(entity)
    yield
  }
  if (stored.changes.length === 0) return { client, organization }
  let changes = stored.changes.flatMap((text) => JSON.parse(text) as EntityChange[])
  if (stored.collection !== undefined)
    changes = changes.filter((change) => change.collection === stored.collection)
  return { client, organization: yield* applyEntityChangesToDocumentInSteps(organization, changes) }
}
