import type { EntityChange } from '@rampart/entities'
import { jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'
import { clients } from '../../core/database/schema'

const at = (name: string) => timestamp(name, { precision: 3, withTimezone: true, mode: 'date' })

/**
 * What each update of a client's row changed, exactly, one row per version (the row's `updated_at` after it),
 * written in the update's transaction: every gateway on the database brings its cached evaluator forward by these
 * changes instead of building it again from 100,000 stored entities. Only the last few versions are kept (a gateway
 * further behind builds anew), so the table does not grow with history.
 */
export const clientChanges = pgTable(
  'client_changes',
  {
    clientId: text('client_id')
      .notNull()
      .references(() => clients.clientId, { onDelete: 'cascade' }),
    version: at('version').notNull(),
    /** The version this one changed: a gateway applies a change only to the state of exactly that version. */
    previousVersion: at('previous_version').notNull(),
    /** The entities put and removed, in the order to apply them; null when they are to be loaded whole. */
    entityChanges: jsonb('entity_changes').$type<EntityChange[] | null>(),
    /** The client's policies and preset ids after the change; null when they did not change. */
    policies: jsonb('policies').$type<Record<string, unknown>[] | null>(),
    presets: jsonb('presets').$type<string[] | null>(),
    /** The hashes the decision log records with each decision after the change; null when they did not change. */
    policiesHash: text('policies_hash'),
    entitiesHash: text('entities_hash'),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.version] })],
)
