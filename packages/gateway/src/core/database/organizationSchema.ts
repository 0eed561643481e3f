import type { EntityChange } from '@rampart/entities'
import { integer, json, pgTable, primaryKey, text } from 'drizzle-orm/pg-core'
import { clients } from './schema'

/**
 * A client's organization, stored in parts of at most a few thousand entities each, one collection a part, in the
 * document's order: at 100,000 accounts the organization is 35 MiB of JSON, which stored as one value took PGlite
 * half a second to write and a quarter to read, in one block of the event loop. Parts are read and written a few at
 * a time with turns between them. They are written whole only when the organization is (at registration, when an
 * update replaces it in a way entity changes do not describe, and at compaction); an update that puts or removes a
 * few entities appends them to `client_organization_changes` instead. `clients.entities_head` holds the document's
 * other members, and its collections, empty, in their order. Read with `readOrganization`.
 */
export const organizationParts = pgTable(
  'client_organization_parts',
  {
    clientId: text('client_id')
      .notNull()
      .references(() => clients.clientId, { onDelete: 'cascade' }),
    /** The part's place in the document: collections in the document's order, each in as many parts as it needs. */
    part: integer('part').notNull(),
    collection: text('collection').notNull(),
    /** json, not jsonb: stored and read back as the text it is. */
    entities: json('entities').$type<Record<string, unknown>[]>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.part] })],
)

/**
 * The entity changes made to a client's organization since its parts were last written, in order: the organization
 * is its parts with these applied (applyEntityChangesToDocument). When they add up to more than a limit, the next
 * update writes the parts anew and clears them, so reading an organization never applies more than that.
 */
export const organizationChanges = pgTable(
  'client_organization_changes',
  {
    clientId: text('client_id')
      .notNull()
      .references(() => clients.clientId, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    changes: json('changes').$type<EntityChange[]>().notNull(),
    /** How many entity changes `changes` holds. */
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.seq] })],
)
