import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'
import { clients } from '../core/database/schema'

const at = (name: string) => timestamp(name, { precision: 3, withTimezone: true, mode: 'date' })

/**
 * Where a proposal stands. AWAITING_QUORUM: collecting approvals. APPROVED_FOR_SHADOW: decided beside the live set
 * on real traffic (the live decision enforced), still collecting approvals if it needs any. APPROVED: its approvals
 * meet the live quorum, ready to promote. APPLIED: it is a version now. REJECTED, EXPIRED (its TTL passed), and
 * SUPERSEDED (another version was applied first: its approvals signed another predecessor) end it.
 */
export const PROPOSAL_STATUSES = [
  'AWAITING_QUORUM',
  'APPROVED_FOR_SHADOW',
  'APPROVED',
  'APPLIED',
  'REJECTED',
  'EXPIRED',
  'SUPERSEDED',
] as const
export type ProposalStatus = (typeof PROPOSAL_STATUSES)[number]
/** The statuses a proposal can still be approved, shadowed or applied in. */
export const OPEN_STATUSES: readonly ProposalStatus[] = ['AWAITING_QUORUM', 'APPROVED_FOR_SHADOW', 'APPROVED']

/** Why a proposal was made: a change, the client's first signed set, or an old version proposed again. */
export type ProposalKind = 'change' | 'bootstrap' | 'rollback'

/**
 * A proposal's content as stored: @rampart/evaluator's PolicySetContent (policies, entities, presets, governance),
 * typed loosely here so that the tables need nothing but drizzle.
 */
export type StoredContent = {
  policies: Record<string, unknown>[]
  entities: Record<string, unknown>
  presets?: string[]
  governance: { quorum: { anyOf: unknown[] } }
}
/** One approval as stored: @rampart/evaluator's PolicySetApproval. */
export type StoredApproval = {
  type: string
  credentialId: string
  signature: string
  data?: Record<string, unknown>
}

/** An approver who counted, as the evaluator verified them. */
export type ProposalApprover = { userId: string; credentialId: string; approvedAt: string }

/** A static-check warning on the proposed set, with its JSON Pointer into the proposal's content. */
export type ProposalWarning = { code: string; path: string; message: string }

/**
 * A proposed next version of a client's policy set: the content (policies, entities, presets, governance) and the
 * statement its approvers sign (setId = client id, version, previousHash, contentHash), with the approvals so far.
 */
export const policyProposals = pgTable(
  'policy_proposals',
  {
    proposalId: text('proposal_id').primaryKey(),
    clientId: text('client_id')
      .notNull()
      .references(() => clients.clientId, { onDelete: 'cascade' }),
    kind: text('kind').$type<ProposalKind>().notNull(),
    /** The version it would become: one more than the live version when it was proposed. */
    version: integer('version').notNull(),
    /** The live version's contentHash when it was proposed; null for a bootstrap. */
    previousHash: text('previous_hash'),
    contentHash: text('content_hash').notNull(),
    content: jsonb('content').$type<StoredContent>().notNull(),
    /** The version a rollback proposes again. */
    rollbackOf: integer('rollback_of'),
    description: text('description'),
    status: text('status').$type<ProposalStatus>().notNull(),
    approvals: jsonb('approvals').$type<StoredApproval[]>().notNull(),
    approvedBy: jsonb('approved_by').$type<ProposalApprover[]>().notNull(),
    warnings: jsonb('warnings').$type<ProposalWarning[]>().notNull(),
    /** Why it was rejected or superseded. */
    closedReason: text('closed_reason'),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
    expiresAt: at('expires_at').notNull(),
  },
  (t) => [
    index('policy_proposals_client_created_idx').on(t.clientId, t.createdAt, t.proposalId),
    index('policy_proposals_client_status_idx').on(t.clientId, t.status),
  ],
)

/**
 * Every version of a client's policy set that was applied, kept for good: the signed set itself (content and the
 * approvals that let it replace the version before), so any version can be read, verified and proposed again.
 */
export const policyVersions = pgTable(
  'policy_versions',
  {
    clientId: text('client_id')
      .notNull()
      .references(() => clients.clientId, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    previousHash: text('previous_hash'),
    contentHash: text('content_hash').notNull(),
    content: jsonb('content').$type<StoredContent>().notNull(),
    approvals: jsonb('approvals').$type<StoredApproval[]>().notNull(),
    proposalId: text('proposal_id').notNull(),
    appliedAt: at('applied_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.version] })],
)

export type PolicyProposalRow = typeof policyProposals.$inferSelect
export type PolicyVersionRow = typeof policyVersions.$inferSelect
