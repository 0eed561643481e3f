import { bigint, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import type { LocalVault } from './vault'

/**
 * The local provider's vaults when the database keeps them (`createDatabaseVaultStore`): one row per connection,
 * so that every gateway sharing the database signs from the same seeds, nonces and staking state.
 */
export const localVaults = pgTable('local_vaults', {
  connectionId: text('connection_id').primaryKey(),
  /** The vault document (its seed encrypted under the connection's passphrase); null once the connection is revoked. */
  vault: jsonb('vault').$type<LocalVault>(),
  /** Bumped by every write, which names the revision it read: a write made from a stale read changes nothing. */
  revision: bigint('revision', { mode: 'number' }).notNull(),
  updatedAt: timestamp('updated_at', { precision: 3, withTimezone: true, mode: 'date' }).notNull(),
})
