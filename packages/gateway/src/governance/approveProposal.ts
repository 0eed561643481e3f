import {
  assessPolicySet,
  GovernanceError,
  type PolicySetApproval,
  type PolicySetAssessment,
  type SignedPolicySet,
  type WebAuthnAssertionResponse,
  webauthnApprovalOf,
} from '@rampart/evaluator'
import { eq } from 'drizzle-orm'
import type { Database } from '../core/database/openDatabase'
import { GatewayError } from '../core/errors/gatewayError'
import { logProposalEvent } from './governanceLog'
import {
  type PolicyProposalRow,
  type PolicyVersionRow,
  policyProposals,
  type StoredApproval,
} from './governanceSchema'
import { signedSetOf } from './liveSet'
import { openProposal } from './openProposal'

/** The signed set a proposal would be with these approvals. */
export const proposedSet = (proposal: PolicyProposalRow, approvals: StoredApproval[]): SignedPolicySet => ({
  setId: proposal.clientId,
  version: proposal.version,
  previousHash: proposal.previousHash,
  contentHash: proposal.contentHash,
  content: proposal.content as unknown as SignedPolicySet['content'],
  approvals: approvals as PolicySetApproval[],
})

/**
 * The evaluator's assessment of the set with these approvals, against the live version (or as a bootstrap). A
 * refused approval is APPROVAL_INVALID, pointing at it; anything else refused about the stored set is
 * POLICY_SET_REFUSED: the gateway never treats an unverifiable set as approved.
 */
export async function assessProposal(
  proposal: PolicyProposalRow,
  approvals: StoredApproval[],
  live: PolicyVersionRow | undefined,
  newApproval?: number,
): Promise<PolicySetAssessment> {
  try {
    return await assessPolicySet(proposedSet(proposal, approvals), live ? signedSetOf(live) : 'bootstrap')
  } catch (error) {
    if (!(error instanceof GovernanceError)) throw error
    const issues = error.details.issues.map((issue) => ({
      path:
        newApproval !== undefined && issue.path === `/approvals/${newApproval}` ? '/approval' : issue.path,
      message: issue.message,
      keyword: issue.code,
    }))
    if (error.code === 'POLICY_SET_SIGNATURE_INVALID')
      throw new GatewayError('APPROVAL_INVALID', `The approval does not verify: ${error.message}`, { issues })
    throw new GatewayError('POLICY_SET_REFUSED', `The proposed set is refused: ${error.message}`, {
      code: error.code,
      issues,
    })
  }
}

/** A passkey's WebAuthn assertion as the browser returns it: `id` is its WebAuthn credential id. */
export type WebAuthnAssertion = { id: string; response: WebAuthnAssertionResponse }

/** What an approver posts: the approval, or a passkey's assertion the gateway turns into one. */
export type ApprovalInput = { approval: StoredApproval } | { assertion: WebAuthnAssertion }

/**
 * The approval an input stands for: a browser's assertion becomes a webauthn approval by the passkey credential of
 * the approving set (the live one, the proposal's own for a bootstrap) whose WebAuthn id it names; none is
 * APPROVAL_INVALID at /assertion/id. The evaluator then verifies it as any approval.
 */
function approvalOf(input: ApprovalInput, authority: SignedPolicySet['content']): StoredApproval {
  if ('approval' in input) return input.approval
  const credentials = (authority.entities as { credentials?: unknown }).credentials
  const passkey = (Array.isArray(credentials) ? credentials : []).find(
    (credential) => credential?.webauthn?.credentialId === input.assertion.id,
  ) as { id: string } | undefined
  if (!passkey)
    throw new GatewayError('APPROVAL_INVALID', 'The approval does not verify', {
      issues: [
        {
          path: '/assertion/id',
          message: 'is no passkey of the organization that approves this proposal',
          keyword: 'governance.approval',
        },
      ],
    })
  return webauthnApprovalOf(passkey.id, input.assertion.response) as StoredApproval
}

/**
 * Adds one credential's signed approval of a proposal's statement, verified by the evaluator against the live
 * version's credentials; a credential approving again replaces its approval, a user counts once. When the
 * approvals meet the live quorum, a proposal AWAITING_QUORUM becomes APPROVED (one in shadow stays there).
 */
export async function approveProposal(
  db: Database,
  clientId: string,
  proposalId: string,
  input: ApprovalInput,
  now: Date,
): Promise<PolicyProposalRow> {
  return db.transaction(async (tx) => {
    const { proposal, live } = await openProposal(tx, clientId, proposalId, now)
    const approval = approvalOf(input, (live ?? proposal).content as unknown as SignedPolicySet['content'])
    const approvals = [
      ...proposal.approvals.filter((given) => given.credentialId !== approval.credentialId),
      approval,
    ]
    const assessment = await assessProposal(proposal, approvals, live, approvals.length - 1)
    const approvedAt = now.toISOString()
    const before = new Map(proposal.approvedBy.map((approver) => [approver.userId, approver.approvedAt]))
    const approvedBy = assessment.approvedBy.map((approver) => ({
      ...approver,
      approvedAt: before.get(approver.userId) ?? approvedAt,
    }))
    const met = assessment.quorumOption !== undefined
    const status = met && proposal.status === 'AWAITING_QUORUM' ? 'APPROVED' : proposal.status
    const [updated] = await tx
      .update(policyProposals)
      .set({ approvals, approvedBy, status, updatedAt: now })
      .where(eq(policyProposals.proposalId, proposalId))
      .returning()
    const approver = assessment.approvedBy.find((given) => given.credentialId === approval.credentialId)
    if (approver)
      await logProposalEvent(
        tx,
        clientId,
        'proposal.approved',
        { proposalId, version: proposal.version, contentHash: proposal.contentHash, ...approver },
        now,
      )
    return updated!
  })
}
