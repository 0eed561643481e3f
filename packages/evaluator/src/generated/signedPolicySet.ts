/* This file is generated from schemas/ by `pnpm types:generate`. Do not edit it by hand. */

/**
 * Hex SHA-256 (lowercase).
 *
 * This interface was referenced by `SignedPolicySet`'s JSON-Schema
 * via the `definition` "Sha256Hex".
 */
export type Sha256Hex = string

/**
 * One version of an organization's policy set, with the approvals that let it replace the version before it. contentHash is the hex SHA-256 of the canonical JSON (RFC 8785) of content; every approval signs the statement {setId, version, previousHash, contentHash}, so it holds for exactly this content after exactly that version. The evaluator loads a set only when its approvals meet the quorum of the live set (the set's own quorum for the first set, the bootstrap).
 */
export interface SignedPolicySet {
  /**
   * The URI of this document's schema, so editors can validate and complete it.
   */
  $schema?: string
  /**
   * What this set governs (the gateway uses the client id): an approval for one set never counts for another.
   */
  setId: string
  /**
   * 1 for the first set (the bootstrap), then one more than the version it replaces.
   */
  version: number
  /**
   * The contentHash of the version this one replaces; null for the first set (the bootstrap).
   */
  previousHash: Sha256Hex | null
  contentHash: Sha256Hex
  content: PolicySetContent
  /**
   * Signatures of the organization's credentials over this version's statement; at most one counts per user.
   *
   * @maxItems 64
   */
  approvals: PolicySetApproval[]
}
/**
 * What a version decides with: the policies, the organization (a full Entities document), the protocol presets enabled by id, and the quorum that must approve the next version.
 *
 * This interface was referenced by `SignedPolicySet`'s JSON-Schema
 * via the `definition` "PolicySetContent".
 */
export interface PolicySetContent {
  /**
   * The organization's policies, in order (a policy file, checked by the evaluator).
   */
  policies: {}[]
  /**
   * The full Entities document (checked by @rampart/entities).
   */
  entities: {}
  /**
   * Ids of the protocol presets enabled; none when left out.
   *
   * @maxItems 100
   */
  presets?: string[]
  governance: Governance
}
/**
 * Who must approve a change of this set: the next version is loaded only when its approvals meet the quorum declared here; and, for approvals by passkey (type webauthn), the relying party their assertions must be made for.
 *
 * This interface was referenced by `SignedPolicySet`'s JSON-Schema
 * via the `definition` "Governance".
 */
export interface Governance {
  quorum: Quorum
  webauthn?: WebAuthnRelyingParty
}
/**
 * Met when the approvals meet any one of the options (for example two admins, or one root and one admin).
 *
 * This interface was referenced by `SignedPolicySet`'s JSON-Schema
 * via the `definition` "Quorum".
 */
export interface Quorum {
  /**
   * @minItems 1
   * @maxItems 32
   */
  anyOf: [QuorumOption, ...QuorumOption[]]
}
/**
 * Met when distinct approving users fill every requirement: a user fills one requirement only.
 *
 * This interface was referenced by `SignedPolicySet`'s JSON-Schema
 * via the `definition` "QuorumOption".
 */
export interface QuorumOption {
  /**
   * @minItems 1
   * @maxItems 32
   */
  require: [QuorumRequirement, ...QuorumRequirement[]]
}
/**
 * count distinct users with this role (exactly: a root is not an admin), or count members of this user group: count and one of role or group.
 *
 * This interface was referenced by `SignedPolicySet`'s JSON-Schema
 * via the `definition` "QuorumRequirement".
 */
export interface QuorumRequirement {
  count: number
  role?: 'root' | 'admin' | 'member' | 'manager'
  group?: string
}
/**
 * Where passkey approvals of the next version are made: an assertion counts only when its authenticatorData names this RP id (its SHA-256) and its clientDataJSON one of these origins. Without it, no passkey approval verifies.
 *
 * This interface was referenced by `SignedPolicySet`'s JSON-Schema
 * via the `definition` "WebAuthnRelyingParty".
 */
export interface WebAuthnRelyingParty {
  /**
   * The WebAuthn RP id the organization's passkeys are registered for: the gateway's host name (rampart.example.com).
   */
  rpId: string
  /**
   * The exact origins (scheme, host, port) of the pages approvers make assertions on (https://rampart.example.com).
   *
   * @minItems 1
   * @maxItems 16
   */
  origins:
    | [string]
    | [string, string]
    | [string, string, string]
    | [string, string, string, string]
    | [string, string, string, string, string]
    | [string, string, string, string, string, string]
    | [string, string, string, string, string, string, string]
    | [string, string, string, string, string, string, string, string]
    | [string, string, string, string, string, string, string, string, string]
    | [string, string, string, string, string, string, string, string, string, string]
    | [string, string, string, string, string, string, string, string, string, string, string]
    | [string, string, string, string, string, string, string, string, string, string, string, string]
    | [string, string, string, string, string, string, string, string, string, string, string, string, string]
    | [
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string
      ]
    | [
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string
      ]
    | [
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string
      ]
}
/**
 * One credential's signature over the set's statement. type jws: a compact JWS (typ rampart-policy-approval+jws, kid the credential's id or its key's kid) whose payload is the statement's canonical JSON. type webauthn: a WebAuthn assertion by a passkey credential whose challenge is the base64url SHA-256 of the statement's canonical JSON; signature is its DER (ES256) or raw (EdDSA) signature, base64url, and data holds its authenticatorData and clientDataJSON. Both are verified by the evaluator itself.
 *
 * This interface was referenced by `SignedPolicySet`'s JSON-Schema
 * via the `definition` "PolicySetApproval".
 */
export interface PolicySetApproval {
  type: 'jws' | 'webauthn'
  credentialId: string
  signature: string
  /**
   * What a verifier of another type needs beside the signature: a WebAuthn assertion's authenticatorData and clientDataJSON, base64url.
   */
  data?: {
    authenticatorData?: string
    clientDataJSON?: string
  }
}
