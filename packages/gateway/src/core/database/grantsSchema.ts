import { index, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'
import { clients, connections } from './schema'

const at = (name: string) => timestamp(name, { precision: 3, withTimezone: true, mode: 'date' })

/** One access right as granted: actions on one connection. */
export type GrantedAccessRow = { type: string; actions: string[]; locations: string[]; identifier: string }
/** One access right as requested (locations empty: the user picks). */
export type RequestedAccessRow = { type: string; actions: string[]; locations: string[] }

/**
 * A GNAP grant (RFC 9635) from request to finalization. Every secret of the flow (interaction id, continuation
 * token, interaction reference) is stored as its SHA-256 only; the nonces are kept because the interaction hash
 * is computed from them.
 *
 * status: `pending` (waiting for the user) → `approved` | `denied`; `approved` → `finalized` once continued.
 */
export const grants = pgTable(
  'grants',
  {
    grantId: text('grant_id').primaryKey(),
    clientId: text('client_id')
      .notNull()
      .references(() => clients.clientId, { onDelete: 'cascade' }),
    /** The key that signed the grant request: continuation must be signed by the same key. */
    kid: text('kid').notNull(),
    status: text('status').notNull(),
    label: text('label'),
    requestedAccess: jsonb('requested_access').$type<RequestedAccessRow[]>().notNull(),
    userId: text('user_id'),
    providers: text('providers').notNull(),
    networks: jsonb('networks').$type<string[] | string>().notNull(),
    capabilities: jsonb('capabilities').$type<string[]>().notNull(),
    finishUri: text('finish_uri').notNull(),
    clientNonce: text('client_nonce').notNull(),
    serverNonce: text('server_nonce').notNull(),
    hashMethod: text('hash_method').notNull(),
    /** The grant endpoint URI as the client called it: the last line of the interaction hash. */
    grantEndpoint: text('grant_endpoint').notNull(),
    interactionIdHash: text('interaction_id_hash').notNull().unique(),
    continuationHash: text('continuation_token_hash').notNull().unique(),
    interactRefHash: text('interact_ref_hash').unique(),
    /** The connections the user picked on approval. */
    connectionIds: jsonb('connection_ids').$type<string[]>().notNull(),
    interactionExpiresAt: at('interaction_expires_at').notNull(),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [index('grants_client_idx').on(t.clientId, t.createdAt)],
)

/**
 * Access tokens issued by finalized grants. `valueHash` and `manageHash` are SHA-256 of the access token and of
 * its token management access token; rotation replaces both in place, so an old value stops matching at once.
 */
export const grantTokens = pgTable(
  'grant_tokens',
  {
    tokenId: text('token_id').primaryKey(),
    grantId: text('grant_id')
      .notNull()
      .references(() => grants.grantId, { onDelete: 'cascade' }),
    clientId: text('client_id').notNull(),
    label: text('label'),
    access: jsonb('access').$type<GrantedAccessRow[]>().notNull(),
    valueHash: text('value_hash').notNull().unique(),
    manageHash: text('manage_hash').notNull().unique(),
    expiresAt: at('expires_at').notNull(),
    createdAt: at('created_at').notNull(),
    rotatedAt: at('rotated_at'),
    revokedAt: at('revoked_at'),
  },
  (t) => [index('grant_tokens_client_idx').on(t.clientId)],
)

/**
 * Connections placed under a user's control by a finalized grant: from then on, every request that acts on
 * them must carry an access token that covers it.
 */
export const grantedConnections = pgTable(
  'granted_connections',
  {
    connectionId: text('connection_id')
      .notNull()
      .references(() => connections.connectionId, { onDelete: 'cascade' }),
    grantId: text('grant_id')
      .notNull()
      .references(() => grants.grantId, { onDelete: 'cascade' }),
    clientId: text('client_id').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.connectionId, t.grantId] }),
    index('granted_connections_client_idx').on(t.clientId),
  ],
)
