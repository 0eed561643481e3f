import type { Quorum, QuorumRequirement } from '../generated/signedPolicySet'

/** An approving user, with what a requirement can ask of them. */
export interface Approver {
  userId: string
  role: string
  groups: readonly string[]
}

const fills = (requirement: QuorumRequirement, approver: Approver) =>
  requirement.role !== undefined
    ? approver.role === requirement.role
    : requirement.group !== undefined && approver.groups.includes(requirement.group)

/**
 * Whether distinct approvers can fill every seat of an option (each requirement counts as `count` seats, each
 * approver takes one seat at most): a bipartite matching, found with augmenting paths (Kuhn), so an admin who is
 * also in a group is placed where the quorum needs them.
 */
function optionMet(require: readonly QuorumRequirement[], approvers: readonly Approver[]): boolean {
  const seats = require.flatMap((requirement) => Array.from({ length: requirement.count }, () => requirement))
  if (seats.length > approvers.length) return false
  const seatOf = new Array<number>(approvers.length).fill(-1)
  const place = (seat: number, visited: boolean[]): boolean => {
    for (let a = 0; a < approvers.length; a++) {
      if (visited[a] || !fills(seats[seat] as QuorumRequirement, approvers[a] as Approver)) continue
      visited[a] = true
      if (seatOf[a] === -1 || place(seatOf[a] as number, visited)) {
        seatOf[a] = seat
        return true
      }
    }
    return false
  }
  return seats.every((_, seat) => place(seat, new Array<boolean>(approvers.length).fill(false)))
}

/** The index of the first option of the quorum the approvers meet, or undefined when they meet none. */
export function quorumMet(quorum: Quorum, approvers: readonly Approver[]): number | undefined {
  const index = quorum.anyOf.findIndex((option) => optionMet(option.require, approvers))
  return index === -1 ? undefined : index
}

/** The quorum in words, for messages: "2 admin, or 1 root and 1 admin". */
export const describeQuorum = (quorum: Quorum): string =>
  quorum.anyOf
    .map((option) =>
      option.require.map((r) => `${r.count} ${r.role ?? `member(s) of group ${r.group}`}`).join(' and '),
    )
    .join(', or ')
