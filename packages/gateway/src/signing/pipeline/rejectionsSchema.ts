import { pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { signingRequests } from '../../core/database/actionsSchema'

/**
 * Who rejected a signing request, with which credential, why and when: the record of the approver's decision,
 * kept with the request (dropped with it). The request itself moves to `rejected`, its failure naming the reason.
 */
export const requestRejections = pgTable('request_rejections', {
  rowId: text('row_id')
    .primaryKey()
    .references(() => signingRequests.rowId, { onDelete: 'cascade' }),
  userId: text('user_id').notNull(),
  credentialId: text('credential_id').notNull(),
  reason: text('reason').notNull(),
  rejectedAt: timestamp('rejected_at', { precision: 3, withTimezone: true, mode: 'date' }).notNull(),
})
