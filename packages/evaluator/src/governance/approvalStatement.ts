import { createHash } from 'node:crypto'
import { canonicalJson } from '../canonicalJson'
import type { SignedPolicySet } from '../generated/signedPolicySet'

/** The JWS `typ` of an approval of a policy set: a signature made for anything else never counts as one. */
export const POLICY_APPROVAL_TYPE = 'rampart-policy-approval+jws'

/**
 * What an approval vouches for: this content (by its hash), as this version of this set, replacing exactly that
 * version. An approval of one version therefore never counts for another, nor for the same content re-proposed
 * later (a rollback is a new version, approved again).
 */
export interface ApprovalStatement {
  setId: string
  version: number
  previousHash: string | null
  contentHash: string
}

export const statementOf = (set: Pick<SignedPolicySet, keyof ApprovalStatement>): ApprovalStatement => ({
  setId: set.setId,
  version: set.version,
  previousHash: set.previousHash,
  contentHash: set.contentHash,
})

/** The exact bytes signed: the canonical JSON (RFC 8785) of the statement, as UTF-8. */
export const statementBytes = (statement: ApprovalStatement): Uint8Array =>
  new TextEncoder().encode(canonicalJson(statement))

/**
 * The WebAuthn challenge of a passkey approval: the base64url SHA-256 of the statement's bytes. The challenge is
 * what the authenticator signs (inside clientDataJSON), so the assertion vouches for exactly this statement.
 */
export const statementChallenge = (statement: ApprovalStatement): string =>
  createHash('sha256').update(statementBytes(statement)).digest('base64url')
