import type { JWK } from 'jose'
import type { ReplayStoreKind } from '../auth/replayStore'
import type { MasterKey } from '../crypto/envelope'
import type { DatabaseOptions } from '../db/openDatabase'

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
  /** Lifetime of a transit encryption key, in seconds. */
  transitKeyTtlSeconds: number
  /**
   * How long a signing request may stay `processing` before it counts as interrupted (its gateway stopped before
   * the provider answered) and is marked failed with code INTERRUPTED; longer than any provider call may take.
   * 0 turns the sweep off (for instance on all but one of several gateways sharing a database).
   */
  interruptedAfterSeconds: number
  logLevel: string
}
