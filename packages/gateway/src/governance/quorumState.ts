import type { Entities } from '@rampart/entities'
import { type Approver, describeQuorum, type PolicySetContent, quorumMet } from '@rampart/evaluator'
import type { PolicyProposalRow, PolicyVersionRow } from './governanceSchema'

/** Whether a proposal's approvers, as they stand, meet the quorum that governs it, and that quorum in words. */
export type QuorumState = { met: boolean; rule: string }

/**
 * The quorum state of a proposal from its verified approvers: the live version's quorum and users' roles and
 * groups (the proposal's own for a bootstrap), without verifying the signatures again (approve did, and apply
 * will). For reading only: what applies a set is the evaluator's verification.
 */
export function quorumState(proposal: PolicyProposalRow, live: PolicyVersionRow | undefined): QuorumState {
  const authority = (live?.content ?? proposal.content) as unknown as PolicySetContent
  const entities = authority.entities as unknown as Entities
  const roles = new Map(entities.users.map((user) => [user.id, user.role as string]))
  const approvers: Approver[] = proposal.approvedBy.flatMap(({ userId }) => {
    const role = roles.get(userId)
    if (role === undefined) return []
    const groups = entities.userGroupMembers
      .filter((link) => link.userId === userId)
      .map((link) => link.groupId)
    return [{ userId, role, groups }]
  })
  const quorum = authority.governance.quorum
  return { met: quorumMet(quorum, approvers) !== undefined, rule: describeQuorum(quorum) }
}
