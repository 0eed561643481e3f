import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { clients } from '../core/database/schema'

const at = (name: string) => timestamp(name, { precision: 3, withTimezone: true, mode: 'date' })

/** A decision as a divergence keeps it: the outcome, the policy that decided, and the reason code and message. */
export type DivergentDecision = {
  decision: 'Permit' | 'Forbid' | 'Confirm'
  decidingPolicy?: string
  reason: { code: string; message: string }
}

/**
 * Decisions the client's shadow set (a proposal APPROVED_FOR_SHADOW) took otherwise than the live set, one row each,
 * written after the live decision was enforced. Nothing here is read by a decision: it is what an admin reviews
 * before promoting the proposal. The proposal id is kept as text, not a reference: a divergence outlives the
 * proposal's rows changing status.
 */
export const shadowDivergences = pgTable(
  'shadow_divergences',
  {
    divergenceId: text('divergence_id').primaryKey(),
    clientId: text('client_id')
      .notNull()
      .references(() => clients.clientId, { onDelete: 'cascade' }),
    proposalId: text('proposal_id').notNull(),
    /** signing: a signing request, its live decision enforced; evaluate: a POST /evaluate dry run. */
    source: text('source').$type<'signing' | 'evaluate'>().notNull(),
    /** The signing request's id and kind; null for /evaluate. */
    requestId: text('request_id'),
    kind: text('kind'),
    principal: text('principal').notNull(),
    /** The time the request was decided at (the decision's `now`). */
    decidedAt: at('decided_at').notNull(),
    live: jsonb('live').$type<DivergentDecision>().notNull(),
    shadow: jsonb('shadow').$type<DivergentDecision>().notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [index('shadow_divergences_client_decided_idx').on(t.clientId, t.decidedAt, t.divergenceId)],
)

export type ShadowDivergenceRow = typeof shadowDivergences.$inferSelect
