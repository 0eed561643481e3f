import type { JWK } from 'jose'
import type { MasterKey } from '../crypto/envelope'
import type { DatabaseOptions } from '../database/openDatabase'

/**
 * Where the gateway remembers the signed requests it accepted, so each is accepted once. A key is kept until the
 * request's `created` time has left the accepted window (`expiresAt`); after that the window alone refuses it.
 *
 * - `memory`: a map in this process. No database round trip per request, but it is not shared: run one gateway
 *   instance per store, and know that a request accepted within the window before a restart can be replayed once
 *   after it. The default when the database is in-memory PGlite, where nothing (not even the clients) survives
 *   a restart and only this process can use the database.
 * - `database`: a row per request in `seen_signatures`, so every instance sharing the database refuses a replay,
 *   across restarts as well. The default for PostgreSQL and for PGlite on disk; there, when not set explicitly, the
 *   one process that owns the database keeps them in memory and in a journal file in its data directory, read back
 *   at start (src/auth/journalReplayStore.ts): refused across restarts and crashes alike, without an INSERT per
 *   request.
 */
export type ReplayStoreKind = 'memory' | 'database'

/** Where a started gateway's local provider keeps its vaults (see providers/local/chooseVaultStore.ts). */
export type LocalVaultStoreKind = 'database' | 'file'

export type GatewayConfig = {
  host: string
  port: number
  database: DatabaseOptions
  /** Sent as `x-api-key` on admin routes. */
  adminApiKey: string
  /** Wraps the data keys of every secret stored at rest. */
  masterKey: MasterKey
  /** The gateway's private signing key (Ed25519 or secp256k1 JWK), for the attestations it issues. */
  attestationKey: JWK
  /**
   * The origin clients sign in `uri` (e.g. `https://gateway.example.com`). When unset, the signed `uri` must have
   * the origin the request arrived on (scheme, Host, port), as seen through {@link GatewayConfig.trustProxy}.
   */
  publicOrigin?: string
  /**
   * Which peers are proxies whose `X-Forwarded-Proto`, `X-Forwarded-Host` and `X-Forwarded-For` are believed
   * (fastify's `trustProxy`): `true` for every peer, or addresses, CIDR ranges and the names `loopback`,
   * `linklocal`, `uniquelocal`. Unset: none, so a client cannot claim another origin with those headers.
   */
  trustProxy?: true | string[]
  /** How far a request's signed `created` time may be from the gateway's clock, in seconds. */
  jwsMaxAgeSeconds: number
  /**
   * Where accepted request signatures are remembered (see {@link ReplayStoreKind}). Default: `memory` when the
   * database is in-memory PGlite, `database` otherwise.
   */
  replayStore?: ReplayStoreKind
  /**
   * Where the local provider (as `bin/start.ts` sets it up) keeps its vaults: `database` (shared by every gateway
   * on the database) or `file` (one directory of this machine). Default: `database` with PostgreSQL.
   */
  localVaultStore?: LocalVaultStoreKind
  /**
   * The local provider's JSON-RPC endpoint per network id (`bin/start.ts`): it fills nonces (the higher of the
   * node's and the vault's), gas and fees, and broadcasts what it signs. Networks without one are signed offline.
   */
  localRpcUrls?: Record<string, string>
  /** Lifetime of a transit encryption key, in seconds. */
  transitKeyTtlSeconds: number
  /**
   * How long a signing request may stay `processing` before it counts as interrupted (its gateway stopped before
   * the provider answered) and is marked failed with code INTERRUPTED; longer than any provider call may take.
   * 0 turns the sweep off (for instance on all but one of several gateways sharing a database).
   */
  interruptedAfterSeconds: number
  /** How the gateway follows requests asynchronous custodians hold (see FollowConfig); the defaults when left out. */
  follow?: Partial<FollowConfig>
  logLevel: string
  /** Where decisions in a currency get their prices, and how old a price may be (see PriceConfig). */
  prices?: PriceConfig
}

/**
 * The prices of criteria and limits in a currency. `maxAgeSeconds`: a price quoted longer ago than this refuses the
 * decision that needs it. The source: a static table (the default; empty, it prices nothing), or a
 * CoinGecko-compatible `/simple/price` API, with the API id of each asset (`ids`), a cache, a timeout per attempt
 * and a bounded number of retries.
 */
export type PriceConfig = {
  maxAgeSeconds: number
  source:
    | { kind: 'static'; table: Record<string, Record<string, string>> }
    | {
        kind: 'coingecko'
        url: string
        ids: Record<string, string>
        headers: Record<string, string>
        cacheSeconds: number
        timeoutMs: number
        retries: number
      }
}

/**
 * Following requests an asynchronous custodian (Fireblocks) holds: every `intervalMs` the gateway checks the requests
 * that are due; a request is checked `firstDelayMs` after it was submitted, then at waits doubling up to
 * `maxDelayMs` (with jitter) while nothing changes. A create whose answer was never heard is looked up (or sent again
 * with its key) once `sendingGraceMs` have passed, longer than the create itself may take. A request still not
 * ended after `maxFollowHours` is marked failed (check it at the custodian). `intervalMs` 0 follows nothing (on all
 * but some of several gateways sharing a database).
 */
export type FollowConfig = {
  intervalMs: number
  firstDelayMs: number
  maxDelayMs: number
  sendingGraceMs: number
  maxFollowHours: number
}

export const defaultFollowConfig: FollowConfig = {
  intervalMs: 2000,
  firstDelayMs: 2000,
  maxDelayMs: 60_000,
  sendingGraceMs: 180_000,
  maxFollowHours: 72,
}
