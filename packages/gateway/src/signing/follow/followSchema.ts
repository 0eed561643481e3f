import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { signingRequests } from '../../core/database/actionsSchema'

const at = (name: string) => timestamp(name, { precision: 3, withTimezone: true, mode: 'date' })

/**
 * The requests an asynchronous custodian holds (or may hold), which the gateway follows until they end. A row is
 * written, with the create's idempotency key, before the create is sent: a gateway that stops before hearing the
 * answer leaves it here, and whichever gateway follows it next looks the request up by that key (or sends the
 * create again with the same key), never a new one. It is deleted when the request ends.
 */
export const signingFollowUps = pgTable(
  'signing_follow_ups',
  {
    rowId: text('row_id')
      .primaryKey()
      .references(() => signingRequests.rowId, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    /** The key every create of this request is sent with. */
    idempotencyKey: text('idempotency_key').notNull(),
    /** The custodian's id, once a create's answer was heard. */
    externalId: text('external_id'),
    /** `sending`: the create's answer was not heard yet; `submitted`: the custodian has the request. */
    phase: text('phase').notNull(),
    /** Checks made since the last change: what the next wait grows with. */
    attempts: integer('attempts').notNull().default(0),
    nextCheckAt: at('next_check_at').notNull(),
    /** A gateway checking the request holds it until then, so two gateways never check (or send) it at once. */
    leasedUntil: at('leased_until'),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    index('signing_follow_ups_due_idx').on(t.nextCheckAt),
    index('signing_follow_ups_external_idx').on(t.provider, t.externalId),
  ],
)

export type FollowUpRow = typeof signingFollowUps.$inferSelect
