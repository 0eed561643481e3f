import type { CredentialEntity, Entities } from '@rampart/entities'
import type { EvaluatorIssue } from '../errors'
import type { Preset } from '../generated/preset'
import type { SignedPolicySet } from '../generated/signedPolicySet'
import { BUILTIN_PRESETS } from '../presets'
import { statementOf } from './approvalStatement'
import {
  type ApprovalCredential,
  type ApprovalVerifier,
  DEFAULT_APPROVAL_VERIFIERS,
} from './approvalVerifiers'
import { GovernanceError, type GovernanceErrorCode } from './governanceErrors'
import { contentHashOf, entitiesHashOf } from './policySetHash'
import { type Approver, describeQuorum, quorumMet } from './quorum'
import { validateSignedPolicySet } from './validateSignedPolicySet'

/** What a set replaces: the live set (already trusted), or 'bootstrap' for an organization's first set. */
export type PolicySetPredecessor = SignedPolicySet | 'bootstrap'

export interface AssessOptions {
  /** Verifiers of approval types beyond the built-in `jws` and `webauthn`: added to them, never replacing them. */
  approvalVerifiers?: Readonly<Record<string, ApprovalVerifier>>
  /** The presets a set may enable by id; the built-in presets when left out. */
  presetCatalogue?: readonly Preset[]
}

/** What a set's approvals add up to, when its shape, content and order hold. */
export interface PolicySetAssessment {
  set: SignedPolicySet
  /** The users whose approvals verified, each once, with the credential that counted. */
  approvedBy: { userId: string; credentialId: string }[]
  /** The index of the quorum option met, or undefined: the set may not be loaded yet. */
  quorumOption: number | undefined
  /** The quorum that applies, in words. */
  quorum: string
  entitiesHash: string
}

const fail = (code: GovernanceErrorCode, message: string, issues: EvaluatorIssue[]): never => {
  throw new GovernanceError(code, message, { issues })
}

/** The users, credentials and groups of the organization that approves: each approval is checked against them. */
function approversOf(entities: Entities) {
  const credentials = new Map<string, CredentialEntity>()
  for (const credential of entities.credentials) credentials.set(credential.id, credential)
  const users = new Map(entities.users.map((user) => [user.id, user.role as string]))
  const groups = new Map<string, string[]>()
  for (const { userId, groupId } of entities.userGroupMembers)
    groups.set(userId, [...(groups.get(userId) ?? []), groupId])
  return { credentials, users, groups }
}

function checkOrder(set: SignedPolicySet, after: PolicySetPredecessor): void {
  const issue = (path: string, message: string) =>
    fail('POLICY_SET_OUT_OF_ORDER', `the set does not follow the live one: ${path} ${message}`, [
      { code: 'governance.order', path, message },
    ])
  if (after === 'bootstrap') {
    if (set.version !== 1) issue('/version', 'must be 1 for a bootstrap')
    if (set.previousHash !== null) issue('/previousHash', 'must be null for a bootstrap')
    return
  }
  if (set.setId !== after.setId) issue('/setId', `must be the live set's (${after.setId})`)
  if (set.version !== after.version + 1) issue('/version', `must be ${after.version + 1}, the next version`)
  if (set.previousHash !== after.contentHash) issue('/previousHash', "must be the live set's contentHash")
}

/**
 * Checks a signed policy set against the set it replaces and counts its approvals, without deciding whether it
 * may load: throws a GovernanceError for what is wrong in any case (shape, content, hash, order, any approval
 * that does not verify), and reports whether the quorum is met. The quorum and the approving credentials are the
 * live set's (a change is approved by the organization as it is, not as the change would make it); a bootstrap's
 * are its own.
 */
export async function assessPolicySet(
  candidate: unknown,
  after: PolicySetPredecessor,
  options: AssessOptions = {},
): Promise<PolicySetAssessment> {
  const { set, issues } = validateSignedPolicySet(candidate, options.presetCatalogue ?? BUILTIN_PRESETS)
  if (!set || issues.length > 0)
    return fail('POLICY_SET_INVALID', `the signed policy set is invalid: ${issues.length} error(s)`, issues)
  if (contentHashOf(set.content) !== set.contentHash)
    fail(
      'POLICY_SET_ALTERED',
      'the content does not hash to contentHash: it was changed after it was signed',
      [{ code: 'governance.altered', path: '/contentHash', message: 'is not the SHA-256 of the content' }],
    )
  checkOrder(set, after)
  const authority = after === 'bootstrap' ? set.content : after.content
  const { credentials, users, groups } = approversOf(authority.entities as unknown as Entities)
  const verifiers = { ...options.approvalVerifiers, ...DEFAULT_APPROVAL_VERIFIERS }
  const statement = statementOf(set)
  // The approving set's governance: where its passkeys' assertions must be made (a change cannot move it for itself).
  const context = { governance: authority.governance }
  const approvers = new Map<string, Approver & { credentialId: string }>()
  const refused: EvaluatorIssue[] = []
  for (const [at, approval] of set.approvals.entries()) {
    const credential = credentials.get(approval.credentialId)
    const verify = Object.hasOwn(verifiers, approval.type) ? verifiers[approval.type] : undefined
    let problem: string | undefined
    if (!credential) problem = 'names no credential of the approving organization'
    else if (!verify) problem = `is of type ${approval.type}, which this evaluator has no verifier for`
    else {
      try {
        problem = await verify(approval, credential as ApprovalCredential, statement, context)
      } catch {
        problem = 'could not be verified'
      }
    }
    if (problem !== undefined) {
      refused.push({ code: 'governance.approval', path: `/approvals/${at}`, message: problem })
      continue
    }
    const userId = (credential as CredentialEntity).userId
    const role = users.get(userId)
    if (role === undefined) {
      refused.push({ code: 'governance.approval', path: `/approvals/${at}`, message: 'is by no user' })
      continue
    }
    if (!approvers.has(userId))
      approvers.set(userId, {
        userId,
        role,
        groups: groups.get(userId) ?? [],
        credentialId: approval.credentialId,
      })
  }
  if (refused.length > 0)
    fail('POLICY_SET_SIGNATURE_INVALID', `${refused.length} approval(s) do not verify`, refused)
  const quorum = authority.governance.quorum
  return {
    set,
    approvedBy: [...approvers.values()].map(({ userId, credentialId }) => ({ userId, credentialId })),
    quorumOption: quorumMet(quorum, [...approvers.values()]),
    quorum: describeQuorum(quorum),
    entitiesHash: entitiesHashOf(set.content),
  }
}

/**
 * Verifies a signed policy set before it is loaded: everything assessPolicySet checks, and the quorum met. Throws
 * a GovernanceError otherwise (fail closed: nothing of a refused set is used). There is no way to skip it.
 */
export async function verifyPolicySet(
  candidate: unknown,
  after: PolicySetPredecessor,
  options: AssessOptions = {},
): Promise<PolicySetAssessment> {
  const assessment = await assessPolicySet(candidate, after, options)
  if (assessment.quorumOption === undefined)
    fail('POLICY_SET_QUORUM_NOT_MET', `the approvals do not meet the quorum: ${assessment.quorum}`, [
      {
        code: 'governance.quorum',
        path: '/approvals',
        message: `approved by ${assessment.approvedBy.length} user(s), which meet no option of the quorum (${assessment.quorum})`,
      },
    ])
  return assessment
}
