import { statementOf } from '@rampart/evaluator'
import type { PolicyProposalRow, PolicyVersionRow } from './governanceSchema'
import type { QuorumState } from './quorumState'

/** A proposal as the API shows it: with the statement its approvers sign and where its quorum stands. */
export function proposalToApi(row: PolicyProposalRow, quorum: QuorumState) {
  return {
    proposalId: row.proposalId,
    clientId: row.clientId,
    kind: row.kind,
    status: row.status,
    version: row.version,
    previousHash: row.previousHash,
    contentHash: row.contentHash,
    statement: statementOf({ ...row, setId: row.clientId }),
    content: row.content,
    rollbackOf: row.rollbackOf,
    description: row.description,
    approvals: row.approvals,
    approvedBy: row.approvedBy,
    quorum,
    warnings: row.warnings,
    closedReason: row.closedReason,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  }
}

/** An applied version as the API shows it: the signed set itself (verifiable by anyone), and when it applied. */
export function versionToApi(row: PolicyVersionRow) {
  return {
    setId: row.clientId,
    version: row.version,
    previousHash: row.previousHash,
    contentHash: row.contentHash,
    content: row.content,
    approvals: row.approvals,
    proposalId: row.proposalId,
    appliedAt: row.appliedAt.toISOString(),
  }
}
