import type { Entities } from '@rampart/entities'
import { type Approver, describeQuorum, type PolicySetContent, quorumMet } from '@rampart/evaluator'
import type { ValidationIssue } from '../core/errors/gatewayError'

/**
 * Whether the organization a set describes could ever approve the change after it: every user holding a
 * credential, approving together, meets its quorum. A set whose quorum they cannot meet would lock the client's
 * policies for good (no proposal could ever apply again), so it is refused, pointing at the quorum.
 */
export function unreachableQuorum(content: PolicySetContent): ValidationIssue | undefined {
  const entities = content.entities as unknown as Entities
  const signers = new Set(entities.credentials.map((credential) => credential.userId))
  const approvers: Approver[] = entities.users
    .filter((user) => signers.has(user.id))
    .map((user) => ({
      userId: user.id,
      role: user.role as string,
      groups: entities.userGroupMembers.filter((link) => link.userId === user.id).map((link) => link.groupId),
    }))
  if (quorumMet(content.governance.quorum, approvers) !== undefined) return undefined
  return {
    path: '/governance/quorum',
    message: `cannot be met by the users holding credentials in the proposed entities (${describeQuorum(content.governance.quorum)}): no change could ever be approved after it`,
    keyword: 'governance.unreachable',
  }
}
