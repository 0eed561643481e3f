/* This file is generated from schemas/ by `pnpm types:generate`. Do not edit it by hand. */

import type { EvaluationRequest } from './evaluationRequest'
export type { EvaluationRequest }
import type { Decision } from './decision'
export type { Decision }

/**
 * One entry of a client's tamper-evident decision log, one JSON object per line of an export. Entries are numbered per client from 1 without gaps; each carries the hash of the one before (prevHash) and its own hash, the hex SHA-256 of the canonical JSON (RFC 8785, the evaluator's canonicalJson) of the entry without `hash`. An entry holds what is needed to decide again (the evaluation request as decided, with the history totals and prices it had, and the hashes of the policies and entities it was decided under) and nothing secret.
 */
export interface DecisionLogEntry {
  /**
   * The client whose chain this is.
   */
  clientId: string
  /**
   * The entry's place in the client's chain: 1 for the first, then one more for each.
   */
  seq: number
  /**
   * When the entry was appended (the gateway's clock), ISO 8601 in UTC with milliseconds.
   */
  time: string
  /**
   * What happened. decision: a signing request was decided (Permit, Forbid or Confirm), first or again after approvals; approval: an approver's signed approval was accepted; rejection: an approver refused a request waiting for approvals; policies.changed: the client's policies or presets were replaced; entities.changed: its entities were replaced; proposal.*: a change of policies or entities was proposed, approved, rejected or expired.
   */
  kind:
    | 'decision'
    | 'approval'
    | 'rejection'
    | 'policies.changed'
    | 'entities.changed'
    | 'proposal.created'
    | 'proposal.approved'
    | 'proposal.rejected'
    | 'proposal.expired'
  request?: LoggedRequestReference
  decided?: LoggedDecision
  approver?: LoggedApprover
  state?: LoggedPolicyState
  change?: LoggedChange
  /**
   * What a kind needs beyond the members above (for proposal.* entries: the proposal's id, version and content hash). Hashed like the rest; nothing secret.
   */
  details?: {}
  /**
   * The hash of the entry before this one in the client's chain; 64 zeros for the first entry (seq 1).
   */
  prevHash: string
  /**
   * Hex SHA-256 of the canonical JSON of this entry without `hash`.
   */
  hash: string
}
/**
 * The signing request an entry is about (decision, approval, rejection).
 *
 * This interface was referenced by `DecisionLogEntry`'s JSON-Schema
 * via the `definition` "RequestReference".
 */
export interface LoggedRequestReference {
  /**
   * The kind of signing action (transfer, sendTransaction, ...).
   */
  kind: string
  /**
   * The id the client reads the request by.
   */
  requestId: string
  /**
   * The request's status once the entry was written (processing, pending_approval, forbidden, ...).
   */
  status?: string
}
/**
 * A decision as taken: the evaluation request exactly as decided (its requestHash is what the attestation signs), the signer, the presets asked for, the decision and its attestation.
 *
 * This interface was referenced by `DecisionLogEntry`'s JSON-Schema
 * via the `definition` "DecidedRequest".
 */
export interface LoggedDecision {
  evaluationRequest: EvaluationRequest
  signer?: {
    address: string
    chainId?: number
    networkId?: string
  }
  /**
   * The protocol presets the request asked to be decided with.
   */
  presets?: string[]
  decision: Decision
  /**
   * The gateway's compact JWS over {decision, requestHash, iat} (typ rampart-decision+jws), where requestHash is the SHA-256 of the canonical JSON of evaluationRequest. Null when the decision was not signed.
   */
  attestation?: string | null
}
/**
 * Who approved or rejected: the user and the credential whose signature was verified.
 *
 * This interface was referenced by `DecisionLogEntry`'s JSON-Schema
 * via the `definition` "Approver".
 */
export interface LoggedApprover {
  userId: string
  credentialId?: string
  at?: string
  /**
   * For a rejection: the reason the rejecter gave.
   */
  reason?: string
}
/**
 * The client's policy set and entities an entry was decided under (for changes: the new ones), by hash: policiesHash is the SHA-256 of the canonical JSON of {policies, presets}, entitiesHash that of the entities document.
 *
 * This interface was referenced by `DecisionLogEntry`'s JSON-Schema
 * via the `definition` "PolicyState".
 */
export interface LoggedPolicyState {
  policiesHash: string
  entitiesHash: string
}
/**
 * For policies.changed and entities.changed: the new content (what a replay decides with), and who changed it. A policies.changed entry carries the policies and presets whole. An entities.changed entry carries either the entities whole (`entities`: at registration, and whenever the change is not a list of entity changes) or the entity changes that turn the organization the client's entities.changed entry before it left into the new one (`entityChanges`), applied as applyEntityChangesToDocument in @rampart/entities applies them; either way `state.entitiesHash` is the hash of the new organization.
 *
 * This interface was referenced by `DecisionLogEntry`'s JSON-Schema
 * via the `definition` "Change".
 */
export interface LoggedChange {
  policies?: {}[]
  presets?: string[]
  entities?: {}
  /**
   * The entity changes, in order: a put replaces the entity with its key (its id, lowercased; a link's two ids) where it stands, or adds it at the end of its collection; a remove takes the entity with that key out.
   */
  entityChanges?: EntityChangeRecord[]
  /**
   * Who made the change: `admin-api` for the admin API key, else the proposal that applied it.
   */
  by?: string
}
/**
 * One change to an organization, as Evaluator.updateEntities and the gateway's entity changes take it and the decision log records it: put an entity (`entity`: added, or replacing the one with its key where it stands), or remove one (`id` for the collections whose entities have ids; `entity`, the link itself, for userGroupMembers, userAccounts and accountGroupMembers). A key is an id compared case-insensitively, or a link's two ids. What the change brings is validated against the organization as the changes before it left it (applyEntityChanges in @rampart/entities).
 */
export interface EntityChangeRecord {
  op: 'put' | 'remove'
  collection:
    | 'users'
    | 'userGroups'
    | 'userGroupMembers'
    | 'userAccounts'
    | 'credentials'
    | 'accounts'
    | 'accountGroups'
    | 'accountGroupMembers'
    | 'tokens'
    | 'addressBook'
  /**
   * The entity to put, or the link to remove.
   */
  entity?: {}
  /**
   * The id of the entity to remove.
   */
  id?: string
}
