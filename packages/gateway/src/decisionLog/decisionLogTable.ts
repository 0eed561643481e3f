import { bigint, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'
import { clients } from '../core/database/schema'

/**
 * Each client's tamper-evident decision log: one row per entry, numbered from 1 per client. `entry` is the entry's
 * canonical JSON, hash included, stored as text and exported as it is: a JSONB copy would be re-serialized (numbers,
 * key order), and the export must be the bytes that were hashed. The primary key (client, seq) is the last guard
 * against a fork: two appends that read the same head cannot both insert the next entry.
 */
export const decisionLog = pgTable(
  'decision_log',
  {
    clientId: text('client_id')
      .notNull()
      .references(() => clients.clientId, { onDelete: 'cascade' }),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    time: timestamp('time', { precision: 3, withTimezone: true, mode: 'date' }).notNull(),
    kind: text('kind').notNull(),
    hash: text('hash').notNull(),
    entry: text('entry').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.seq] }),
    index('decision_log_client_time_idx').on(t.clientId, t.time),
  ],
)
