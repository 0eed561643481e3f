import type { Governance, PolicySetApproval } from '../generated/signedPolicySet'
import type { ApprovalStatement } from './approvalStatement'

/** A credential of the entities, as an approval names it (a passkey carries its `webauthn` member too). */
export interface ApprovalCredential {
  id: string
  userId: string
  key: Record<string, unknown>
  webauthn?: { credentialId: string; counter?: number; transports?: string[] }
}

/** What else an approval is checked against: the governance of the set that approves (the live one). */
export interface ApprovalContext {
  governance: Governance
}

/**
 * Checks one approval of a type: that `approval.signature` (with `approval.data`) was made by `credential` over
 * exactly `statement`. Returns why not, or undefined when it holds.
 */
export type ApprovalVerifier = (
  approval: PolicySetApproval,
  credential: ApprovalCredential,
  statement: ApprovalStatement,
  context: ApprovalContext,
) => Promise<string | undefined> | string | undefined
