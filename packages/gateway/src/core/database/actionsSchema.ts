import { sql } from 'drizzle-orm'
import {
  bigint,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { clients, connections } from './schema'

const at = (name: string) => timestamp(name, { precision: 3, withTimezone: true, mode: 'date' })

/**
 * Every signing action a client asks for (EVM transactions, messages, typed data, raw signatures, transfers,
 * stakes and unstakes), from the moment its idempotence key is claimed to its terminal state.
 *
 * Idempotence is the unique index on (client, connection, kind, idempotenceId): a create inserts with
 * `on conflict do nothing`, so of any number of concurrent identical creates exactly one row is inserted and
 * exactly one of them goes on to the policy check and the provider. `bodyHash` tells a retry (same body) from a
 * conflicting reuse of the key (another body).
 */
export const signingRequests = pgTable(
  'signing_requests',
  {
    rowId: text('row_id').primaryKey(),
    /** The id clients read the record by; clients may choose it (transferId, requestId, stakeRequestId...). */
    requestId: text('request_id').notNull(),
    kind: text('kind').notNull(),
    clientId: text('client_id')
      .notNull()
      .references(() => clients.clientId, { onDelete: 'cascade' }),
    connectionId: text('connection_id')
      .notNull()
      .references(() => connections.connectionId, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    idempotenceId: text('idempotence_id').notNull(),
    /** SHA-256 of the canonical JSON of the create body. */
    bodyHash: text('body_hash').notNull(),
    status: text('status').notNull(),
    /** The requesting credential (the kid that signed the create); the policy principal. */
    principal: text('principal').notNull(),
    body: jsonb('body').$type<Record<string, unknown>>().notNull(),
    /** What the pipeline resolved from the body (signer, network, decoded request), to resume after approvals. */
    plan: jsonb('plan').$type<Record<string, unknown>>(),
    /** The embedded evaluation: whitelisted, report, signature (the decision attestation) and the decision. */
    evaluation: jsonb('evaluation').$type<Record<string, unknown>>(),
    /** Approvals received: credential id, user id, when. */
    approvals: jsonb('approvals').$type<Record<string, unknown>[]>().notNull(),
    /** What the provider returned, as the API shows it. */
    result: jsonb('result').$type<Record<string, unknown>>(),
    /** Why the request failed: the provider's (or the gateway's) code and message. */
    failure: jsonb('failure').$type<{ code: string; message: string; statusCode?: number }>(),
    /**
     * For spending and rate limits: what this request moves, from the moment it is permitted (one entry per amount,
     * or one of amount 0 when it moves none). Records written before held one object instead of a list.
     */
    history: jsonb('history').$type<Record<string, unknown> | Record<string, unknown>[]>(),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('signing_requests_idempotence_idx').on(t.clientId, t.connectionId, t.kind, t.idempotenceId),
    uniqueIndex('signing_requests_request_id_idx').on(t.clientId, t.kind, t.requestId),
    index('signing_requests_client_created_idx').on(t.clientId, t.createdAt),
    // The history a decision under limits reads: the client's requests that moved something, newest first, back
    // to its longest window. Without it every create scanned all the client's requests, old ones included.
    index('signing_requests_client_history_idx')
      .on(t.clientId, t.updatedAt)
      .where(sql`${t.history} is not null`),
  ],
)

export type SigningRequestRow = typeof signingRequests.$inferSelect

/**
 * What spending and rate limits count, one row per permitted request and movement (token, chain, principal, resource
 * and destination, lowercased as limits compare them), written with the request's `history` and dropped with it.
 * A decision sums these per window start (`sum(amount), count(*)` grouped by movement) instead of reading every
 * request of the window: its cost follows the kinds of movements, not the number of requests.
 */
export const limitMovements = pgTable(
  'limit_movements',
  {
    rowId: text('row_id')
      .notNull()
      .references(() => signingRequests.rowId, { onDelete: 'cascade' }),
    clientId: text('client_id').notNull(),
    /** The history's timestamp: the decision's time, unix seconds, which limit windows compare. */
    decidedAt: bigint('decided_at', { mode: 'number' }).notNull(),
    token: text('token'),
    chainId: bigint('chain_id', { mode: 'number' }),
    principal: text('principal'),
    resource: text('resource'),
    destination: text('destination'),
    /** Base units, exact: NUMERIC sums past uint256 without rounding. */
    amount: numeric('amount').notNull(),
    /**
     * What tells requests of one shape (the same movements) from others: '' for a request of one movement, else
     * the same text for every movement of it. A rate limit counts a request once, and the movements of a shape are
     * summed apart from others, so each sum's count is a count of requests.
     */
    requestShape: text('request_shape').notNull(),
    /**
     * '' for the base units moved; a currency (fiat:usd) for a row beside them holding, in `amount`, the value the
     * request recorded for those units at the price of its own decision: what a limit in that currency sums.
     */
    currency: text('currency').notNull().default(''),
  },
  (t) => [
    index('limit_movements_client_decided_idx').on(t.clientId, t.decidedAt),
    index('limit_movements_row_idx').on(t.rowId),
  ],
)

/**
 * limit_movements kept summed per client, hour (the first second of the UTC hour the movements were decided in),
 * request shape and kind of movement, as requests are permitted (added) and fail at the provider (taken away). A
 * window is these hours whole plus the movements of its first, partial hour: a day of 20,000 requests reads at
 * most an hour of movements and 24 sums per kind, not 20,000 rows. No column is null (a unique index treats nulls
 * as distinct on PostgreSQL before 15): an absent value is '' (-1 for the chain).
 */
export const limitTotals = pgTable(
  'limit_totals',
  {
    clientId: text('client_id')
      .notNull()
      .references(() => clients.clientId, { onDelete: 'cascade' }),
    hour: bigint('hour', { mode: 'number' }).notNull(),
    requestShape: text('request_shape').notNull(),
    token: text('token').notNull(),
    chainId: bigint('chain_id', { mode: 'number' }).notNull(),
    principal: text('principal').notNull(),
    resource: text('resource').notNull(),
    destination: text('destination').notNull(),
    amount: numeric('amount').notNull(),
    requests: integer('requests').notNull(),
    /** As in limit_movements: '' for base units, a currency for the sums of recorded values in it. */
    currency: text('currency').notNull().default(''),
  },
  (t) => [
    uniqueIndex('limit_totals_kind_idx').on(
      t.clientId,
      t.hour,
      t.requestShape,
      t.token,
      t.chainId,
      t.principal,
      t.resource,
      t.destination,
      t.currency,
    ),
  ],
)
