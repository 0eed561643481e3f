/* This file is generated from schemas/ by `pnpm types:generate`. Do not edit it by hand. */

import type { EntityId } from '../entities'
export type { EntityId }
import type { Jwk } from '../entities'
export type { Jwk }
import type { WebAuthnCredential } from '../entities'
export type { WebAuthnCredential }

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
  webauthn?: WebAuthnCredential
}
