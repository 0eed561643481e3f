import { and, eq, inArray, lte } from 'drizzle-orm'
import type { Database } from '../core/database/openDatabase'
import { GatewayError } from '../core/errors/gatewayError'
import { logProposalEvent } from './governanceLog'
import {
  OPEN_STATUSES,
  type PolicyProposalRow,
  type PolicyVersionRow,
  policyProposals,
} from './governanceSchema'
import { latestVersions } from './liveSet'

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0]
export type Tx = Database | Transaction

/**
 * Marks the client's open proposals whose TTL has passed EXPIRED (read time is when expiry shows), each logged as
 * proposal.expired in the same transaction.
 */
export async function expireDue(db: Database, clientId: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const expired = await tx
      .update(policyProposals)
      .set({ status: 'EXPIRED', updatedAt: now })
      .where(
        and(
          eq(policyProposals.clientId, clientId),
          inArray(policyProposals.status, [...OPEN_STATUSES]),
          lte(policyProposals.expiresAt, now),
        ),
      )
      .returning({
        proposalId: policyProposals.proposalId,
        version: policyProposals.version,
        contentHash: policyProposals.contentHash,
      })
    for (const details of expired) await logProposalEvent(tx, clientId, 'proposal.expired', details, now)
  })
}

/** One proposal of the client (locked for update inside a transaction), or PROPOSAL_NOT_FOUND. */
export async function proposalRow(db: Tx, clientId: string, proposalId: string, lock = false) {
  const query = db
    .select()
    .from(policyProposals)
    .where(and(eq(policyProposals.clientId, clientId), eq(policyProposals.proposalId, proposalId)))
  const [row] = lock ? await query.for('update') : await query
  if (!row) throw new GatewayError('PROPOSAL_NOT_FOUND', 'The client has no proposal with this id')
  return row
}

/**
 * A proposal that can still be approved, shadowed or applied, with the live version it was proposed after. One
 * proposed after another version than the live one is SUPERSEDED (its approvals signed that predecessor); one past
 * its TTL is EXPIRED; both are refused, as is any closed one.
 */
export async function openProposal(
  tx: Tx,
  clientId: string,
  proposalId: string,
  now: Date,
): Promise<{ proposal: PolicyProposalRow; live: PolicyVersionRow | undefined }> {
  const proposal = await proposalRow(tx, clientId, proposalId, true)
  const { live } = await latestVersions(tx, clientId)
  const closed = (status: 'EXPIRED' | 'SUPERSEDED', reason: string | null) =>
    tx
      .update(policyProposals)
      .set({ status, closedReason: reason, updatedAt: now })
      .where(eq(policyProposals.proposalId, proposalId))
  if (OPEN_STATUSES.includes(proposal.status)) {
    if (proposal.expiresAt <= now) {
      await closed('EXPIRED', null)
      proposal.status = 'EXPIRED'
    } else if (
      (live?.version ?? 0) !== proposal.version - 1 ||
      (live?.contentHash ?? null) !== proposal.previousHash
    ) {
      const reason = `version ${live?.version} was applied after it was proposed`
      await closed('SUPERSEDED', reason)
      Object.assign(proposal, { status: 'SUPERSEDED', closedReason: reason })
    }
  }
  if (!OPEN_STATUSES.includes(proposal.status))
    throw new GatewayError('PROPOSAL_CLOSED', `The proposal is ${proposal.status}`, {
      proposalId,
      status: proposal.status,
    })
  return { proposal, live }
}
