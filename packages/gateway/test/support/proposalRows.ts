import { randomUUID } from 'node:crypto'
import { type ProposalStatus, policyProposals } from '../../src/governance/governanceSchema'
import type { TestGateway } from './testGateway'

/**
 * A proposal row as governance stores it, written straight to its table: replay and shadow only read proposals,
 * so their tests need the row, not the proposal workflow (quorum approvals) that makes one.
 */
export async function insertProposal(
  gateway: TestGateway,
  clientId: string,
  content: { policies: Record<string, unknown>[]; entities: Record<string, unknown>; presets?: string[] },
  status: ProposalStatus = 'APPROVED_FOR_SHADOW',
): Promise<string> {
  const proposalId = randomUUID()
  const now = new Date()
  await gateway.database.db.insert(policyProposals).values({
    proposalId,
    clientId,
    kind: 'change',
    version: 2,
    previousHash: null,
    contentHash: '0'.repeat(64),
    content: { ...content, governance: { quorum: { anyOf: [] } } },
    status,
    approvals: [],
    approvedBy: [],
    warnings: [],
    createdAt: now,
    updatedAt: now,
    expiresAt: new Date(now.getTime() + 86_400_000),
  })
  return proposalId
}
