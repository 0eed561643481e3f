import { and, eq, ne } from 'drizzle-orm'
import type { Database } from '../core/database/openDatabase'
import { GatewayError } from '../core/errors/gatewayError'
import { logProposalEvent } from './governanceLog'
import { type PolicyProposalRow, policyProposals } from './governanceSchema'
import { openProposal } from './openProposal'
import { quorumState } from './quorumState'

/** Rejects an open proposal, for good: it can no longer be approved, shadowed or applied. */
export async function rejectProposal(
  db: Database,
  clientId: string,
  proposalId: string,
  reason: string,
  now: Date,
): Promise<PolicyProposalRow> {
  return db.transaction(async (tx) => {
    const { proposal } = await openProposal(tx, clientId, proposalId, now)
    const [updated] = await tx
      .update(policyProposals)
      .set({ status: 'REJECTED', closedReason: reason, updatedAt: now })
      .where(eq(policyProposals.proposalId, proposalId))
      .returning()
    const { version, contentHash } = proposal
    await logProposalEvent(
      tx,
      clientId,
      'proposal.rejected',
      { proposalId, version, contentHash, reason },
      now,
    )
    return updated!
  })
}

/**
 * Puts an open proposal in shadow (APPROVED_FOR_SHADOW): shadow mode decides each request under it beside the
 * live set, and enforces the live decision only, so this needs no quorum. One proposal per client is in shadow at a
 * time: SHADOW_TAKEN names the one that is. Approvals go on meanwhile.
 */
export async function startShadow(
  db: Database,
  clientId: string,
  proposalId: string,
  now: Date,
): Promise<PolicyProposalRow> {
  return db.transaction(async (tx) => {
    const { proposal } = await openProposal(tx, clientId, proposalId, now)
    if (proposal.status === 'APPROVED_FOR_SHADOW') return proposal
    const [other] = await tx
      .select({ proposalId: policyProposals.proposalId })
      .from(policyProposals)
      .where(
        and(
          eq(policyProposals.clientId, clientId),
          eq(policyProposals.status, 'APPROVED_FOR_SHADOW'),
          ne(policyProposals.proposalId, proposalId),
        ),
      )
    if (other)
      throw new GatewayError('SHADOW_TAKEN', 'Another proposal of the client is in shadow', {
        proposalId: other.proposalId,
      })
    const [updated] = await tx
      .update(policyProposals)
      .set({ status: 'APPROVED_FOR_SHADOW', updatedAt: now })
      .where(eq(policyProposals.proposalId, proposalId))
      .returning()
    return updated!
  })
}

/** Takes a proposal out of shadow: APPROVED when its approvals meet the quorum, else AWAITING_QUORUM. */
export async function stopShadow(
  db: Database,
  clientId: string,
  proposalId: string,
  now: Date,
): Promise<PolicyProposalRow> {
  return db.transaction(async (tx) => {
    const { proposal, live } = await openProposal(tx, clientId, proposalId, now)
    if (proposal.status !== 'APPROVED_FOR_SHADOW') return proposal
    const status = quorumState(proposal, live).met ? 'APPROVED' : 'AWAITING_QUORUM'
    const [updated] = await tx
      .update(policyProposals)
      .set({ status, updatedAt: now })
      .where(eq(policyProposals.proposalId, proposalId))
      .returning()
    return updated!
  })
}
