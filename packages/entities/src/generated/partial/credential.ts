/* This file is generated from schemas/ by `pnpm types:generate`. Do not edit it by hand. */

/**
 * Unique within its collection, compared case-insensitively. Must not be empty (checked by validateEntities, code empty-id).
 */
export type EntityId = string

/**
 * A partial Entities document holding credentials only. In this document the credential's JWK is named publicKey.
 */
export interface CredentialEntities {
  /**
   * The URI of this document's schema, so editors can validate and complete it.
   */
  $schema?: string
  credentials: PartialCredentialEntity[]
}
/**
 * This interface was referenced by `CredentialEntities`'s JSON-Schema
 * via the `definition` "PartialCredentialEntity".
 */
export interface PartialCredentialEntity {
  id: EntityId
  userId: EntityId
  publicKey: Jwk
}
/**
 * A public key as a JSON Web Key (RFC 7517). Any JWK member is allowed.
 */
export interface Jwk {
  kty: string
  alg?: string
  kid?: string
  crv?: string
  x?: string
  y?: string
  n?: string
  e?: string
  use?: string
  [k: string]: unknown
}
