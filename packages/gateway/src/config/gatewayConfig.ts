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
  /** The origin clients sign in `uri` (e.g. `https://gateway.example.com`); any origin when unset. */
  publicOrigin?: string
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
