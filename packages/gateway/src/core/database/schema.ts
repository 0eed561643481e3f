import { sql } from 'drizzle-orm'
import {
  bigint,
  index,
  integer,
  json,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'

// Millisecond precision everywhere: timestamps round-trip through JS Dates and opaque cursors unchanged,
// which keyset pagination depends on.
const at = (name: string) => timestamp(name, { precision: 3, withTimezone: true, mode: 'date' })

/** A registered API client: its public keys authenticate its requests; its entities and policies govern them. */
export const clients = pgTable('clients', {
  clientId: text('client_id').primaryKey(),
  name: text('name').notNull(),
  publicKeys: jsonb('public_keys').$type<Record<string, unknown>[]>().notNull(),
  // The entities document's members other than its entities: `$schema`, and each collection empty, in the document's
  // order. The entities are in client_organization_parts and client_organization_changes (organizationSchema.ts):
  // read the organization with readOrganization. json, not jsonb: stored and read back as the text it is.
  entitiesHead: json('entities_head').$type<Record<string, unknown>>().notNull(),
  policies: jsonb('policies').$type<unknown[]>().notNull(),
  presets: jsonb('presets').$type<unknown[]>().notNull(),
  createdAt: at('created_at').notNull(),
  updatedAt: at('updated_at').notNull(),
})

/** Transit keys: RSA key pairs a client encrypts provider credentials to. The private half is envelope-encrypted. */
export const transitKeys = pgTable(
  'transit_keys',
  {
    keyId: text('key_id').primaryKey(),
    clientId: text('client_id')
      .notNull()
      .references(() => clients.clientId, { onDelete: 'cascade' }),
    publicJwk: jsonb('public_jwk').$type<Record<string, unknown>>().notNull(),
    encryptedPrivateKey: text('encrypted_private_key').notNull(),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
  },
  (t) => [index('transit_keys_client_idx').on(t.clientId)],
)

/** A client's link to one custody provider. `credentials` is an envelope; null once the connection is revoked. */
export const connections = pgTable(
  'connections',
  {
    connectionId: text('connection_id').primaryKey(),
    clientId: text('client_id')
      .notNull()
      .references(() => clients.clientId, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    label: text('label'),
    url: text('url'),
    status: text('status').notNull(),
    credentials: text('credentials'),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
    revokedAt: at('revoked_at'),
  },
  (t) => [
    index('connections_client_created_idx').on(t.clientId, t.createdAt, t.connectionId),
    // A client's active connections, which scope every read across them: found without passing the revoked ones
    // (years of rotated credentials), which stay listed.
    index('connections_client_active_idx').on(t.clientId).where(sql`status = 'active'`),
  ],
)

export const wallets = pgTable(
  'wallets',
  {
    walletId: text('wallet_id').primaryKey(),
    clientId: text('client_id').notNull(),
    connectionId: text('connection_id')
      .notNull()
      .references(() => connections.connectionId, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    externalId: text('external_id').notNull(),
    label: text('label'),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('wallets_connection_external_idx').on(t.connectionId, t.externalId),
    index('wallets_client_created_idx').on(t.clientId, t.createdAt, t.walletId),
  ],
)

export const accounts = pgTable(
  'accounts',
  {
    accountId: text('account_id').primaryKey(),
    walletId: text('wallet_id')
      .notNull()
      .references(() => wallets.walletId, { onDelete: 'cascade' }),
    clientId: text('client_id').notNull(),
    connectionId: text('connection_id')
      .notNull()
      .references(() => connections.connectionId, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    externalId: text('external_id').notNull(),
    label: text('label'),
    networkId: text('network_id').notNull(),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('accounts_connection_external_idx').on(t.connectionId, t.externalId),
    index('accounts_client_created_idx').on(t.clientId, t.createdAt, t.accountId),
    // A wallet's accounts in the lists' order: a wallet response reads its first ones, and the accounts list
    // filtered by walletId pages through them, without reading the wallet's other accounts.
    index('accounts_wallet_created_idx').on(t.walletId, t.createdAt, t.accountId),
  ],
)

export const addresses = pgTable(
  'addresses',
  {
    addressId: text('address_id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.accountId, { onDelete: 'cascade' }),
    clientId: text('client_id').notNull(),
    connectionId: text('connection_id')
      .notNull()
      .references(() => connections.connectionId, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    externalId: text('external_id').notNull(),
    address: text('address').notNull(),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('addresses_connection_external_idx').on(t.connectionId, t.externalId),
    index('addresses_client_created_idx').on(t.clientId, t.createdAt, t.addressId),
    // An account's addresses in the lists' order, for the same reason.
    index('addresses_account_created_idx').on(t.accountId, t.createdAt, t.addressId),
  ],
)

/** Destinations a connection may send to: the provider's whitelist and the client's address book. */
export const knownDestinations = pgTable(
  'known_destinations',
  {
    knownDestinationId: text('known_destination_id').primaryKey(),
    clientId: text('client_id').notNull(),
    connectionId: text('connection_id')
      .notNull()
      .references(() => connections.connectionId, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    source: text('source').notNull(),
    label: text('label'),
    externalId: text('external_id').notNull(),
    externalClassification: text('external_classification'),
    address: text('address').notNull(),
    assetId: text('asset_id'),
    networkId: text('network_id'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('known_destinations_connection_source_external_idx').on(
      t.connectionId,
      t.source,
      t.externalId,
    ),
    index('known_destinations_client_idx').on(t.clientId, t.createdAt, t.knownDestinationId),
  ],
)

export type ExternalNetworkRow = {
  externalId: string
  provider: string
  supportsStake: boolean
  supportsEvm: boolean
  supportsTransfer: boolean
  customStakingValidator: boolean
}

export const networks = pgTable('networks', {
  networkId: text('network_id').primaryKey(),
  name: text('name').notNull(),
  type: text('type').notNull(),
  coinType: integer('coin_type'),
  evmChainId: bigint('evm_chain_id', { mode: 'number' }),
  externalNetworks: jsonb('external_networks').$type<ExternalNetworkRow[]>().notNull(),
  createdAt: at('created_at').notNull(),
})

export type ExternalAssetRow = { externalId: string; provider: string }

export const assets = pgTable(
  'assets',
  {
    assetId: text('asset_id').primaryKey(),
    networkId: text('network_id')
      .notNull()
      .references(() => networks.networkId),
    name: text('name').notNull(),
    symbol: text('symbol'),
    decimals: integer('decimals'),
    onchainId: text('onchain_id'),
    externalAssets: jsonb('external_assets').$type<ExternalAssetRow[]>().notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [index('assets_network_idx').on(t.networkId)],
)

/**
 * Signatures already seen, so a captured request cannot be replayed while its `created` time is still inside
 * the accepted window. Rows past `expiresAt` are pruned; by then `created` alone refuses the request.
 */
export const seenSignatures = pgTable(
  'seen_signatures',
  {
    clientId: text('client_id').notNull(),
    replayKey: text('replay_key').notNull(),
    expiresAt: at('expires_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.replayKey] }),
    index('seen_signatures_expiry_idx').on(t.expiresAt),
  ],
)
