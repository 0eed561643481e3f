import type { FastifyBaseLogger } from 'fastify'
import type { JWK } from 'jose'
import type { ConnectionSessions } from '../../connections/connectionSessions'
import { defaultFollowConfig, type FollowConfig } from '../../core/config/gatewayConfig'
import type { Database } from '../../core/database/openDatabase'
import type { KeyedLock } from '../../core/lock/keyedLock'
import type { PriceSource } from '../prices/priceSource'
import { staticPriceSource } from '../prices/staticPriceSource'
import type { ClientPolicies } from './clientPolicyState'
import type { ReportNetwork } from './evaluationReport'

/** What one gateway shares with its signing pipeline: handed in, never looked up on the fastify instance. */
export type SigningCollaborators = {
  db: Database
  /** Each client's evaluator (shared with the admin routes, which rebuild it when entities or policies change). */
  clientPolicies: ClientPolicies
  /** The client's connections and their provider sessions. */
  sessions: ConnectionSessions
  /** Takes one client's decisions that count past transfers one at a time (see corePlugin). */
  limitedDecisions: KeyedLock
  /** The gateway's key for the attestations of its decisions. */
  attestationKey: JWK
  /** How old an approval's signature may be, in seconds. */
  jwsMaxAgeSeconds: number
  log: FastifyBaseLogger
  /** The time stamped on records and decided at; a test can pin it. */
  clock?: () => Date
  /** Where decisions in a currency get their prices; a static table that prices nothing when left out. */
  prices?: PriceSource
  /** How requests asynchronous custodians hold are followed; the defaults for what is left out. */
  follow?: Partial<FollowConfig>
}

/**
 * The collaborators of every stage of the signing pipeline, plus the state one gateway keeps about its own
 * requests. Built once per gateway (createSigningServices), so two gateways in one process share nothing.
 */
export type SigningServices = Required<Omit<SigningCollaborators, 'follow'>> & {
  follow: FollowConfig
  /** Creates that have claimed their idempotence key and not finished yet, by key. */
  running: Map<string, Promise<unknown>>
  /** Rows whose provider call is under way in this gateway: the interrupted-request sweep leaves them alone. */
  withProvider: Set<string>
  /** Catalogue networks as reports show them, by id (catalogue rows never change while the gateway runs). */
  reportNetworks: Map<string, ReportNetwork | null>
}

export function createSigningServices(collaborators: SigningCollaborators): SigningServices {
  return {
    ...collaborators,
    clock: collaborators.clock ?? (() => new Date()),
    prices: collaborators.prices ?? staticPriceSource({}),
    follow: { ...defaultFollowConfig, ...collaborators.follow },
    running: new Map(),
    withProvider: new Set(),
    reportNetworks: new Map(),
  }
}

/** The options of the signing feature's child plugins: the gateway's services, handed down by signingPlugin. */
export type SigningRoutesPluginOptions = { services: SigningServices }
