import { bigint, index, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'
import { clients } from '../core/database/schema'

const at = (name: string) => timestamp(name, { precision: 3, withTimezone: true, mode: 'date' })

/**
 * One-time links an admin makes for a user to register a passkey. Only the token's SHA-256 is stored; the link
 * serves once (`usedAt`) and until `expiresAt`. `challenge` is that of the registration ceremony last started
 * from it (each start replaces it), checked when the authenticator's answer comes back.
 */
export const passkeyEnrolments = pgTable('passkey_enrolments', {
  tokenHash: text('token_hash').primaryKey(),
  clientId: text('client_id')
    .notNull()
    .references(() => clients.clientId, { onDelete: 'cascade' }),
  userId: text('user_id').notNull(),
  challenge: text('challenge'),
  /** The entities credential the passkey became. */
  credentialId: text('credential_id'),
  createdAt: at('created_at').notNull(),
  expiresAt: at('expires_at').notNull(),
  usedAt: at('used_at'),
})

/**
 * Challenges the gateway handed to a browser for a WebAuthn assertion, by the challenge itself (random bytes and
 * the hash of what it binds). Each is consumed once: taken with `usedAt` set while still null and unexpired, so
 * an assertion over it cannot be played twice, nor after its few minutes.
 */
export const passkeyChallenges = pgTable(
  'passkey_challenges',
  {
    challenge: text('challenge').primaryKey(),
    clientId: text('client_id')
      .notNull()
      .references(() => clients.clientId, { onDelete: 'cascade' }),
    /** What the assertion will do: sign-in, approve, reject, grant. */
    purpose: text('purpose').notNull(),
    /** What it is about ({kind, requestId} of a signing request, a grant id) and, once signed in, who may sign. */
    binding: jsonb('binding').$type<Record<string, string>>().notNull(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
  },
  (t) => [index('passkey_challenges_expires_idx').on(t.expiresAt)],
)

/** Approvers signed in with a passkey: the session cookie's SHA-256, whose user, until when. */
export const passkeySessions = pgTable('passkey_sessions', {
  tokenHash: text('token_hash').primaryKey(),
  clientId: text('client_id')
    .notNull()
    .references(() => clients.clientId, { onDelete: 'cascade' }),
  userId: text('user_id').notNull(),
  /** The entities credential the approver signed in with. */
  credentialId: text('credential_id').notNull(),
  /** The CSRF token the session's pages post back (a header), compared with the session's. */
  csrfToken: text('csrf_token').notNull(),
  createdAt: at('created_at').notNull(),
  expiresAt: at('expires_at').notNull(),
})

/**
 * The latest signature counter each passkey reported. The entities hold the counter at enrolment; this moves with
 * every assertion, so a cloned authenticator (whose counter lags) is refused.
 */
export const passkeyCounters = pgTable(
  'passkey_counters',
  {
    clientId: text('client_id')
      .notNull()
      .references(() => clients.clientId, { onDelete: 'cascade' }),
    webauthnId: text('webauthn_id').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.webauthnId] })],
)
