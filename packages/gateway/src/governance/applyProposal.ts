import { entityChangesWithOrderInSteps } from '@rampart/entities'
import { GovernanceError, runInSlices, type SignedPolicySet, verifyPolicySet } from '@rampart/evaluator'
import { and, eq, inArray, ne } from 'drizzle-orm'
import type { Database } from '../core/database/openDatabase'
import { readClientForUpdate, storeChangedOrganization } from '../core/database/organizationStore'
import { clients } from '../core/database/schema'
import { GatewayError } from '../core/errors/gatewayError'
import { proposedSet } from './approveProposal'
import { logAppliedVersion } from './governanceLog'
import { OPEN_STATUSES, type PolicyVersionRow, policyProposals, policyVersions } from './governanceSchema'
import { signedSetOf } from './liveSet'
import { openProposal } from './openProposal'

export type Applied = {
  version: PolicyVersionRow
  /** The signed set now live, for the evaluator's incremental apply. */
  set: SignedPolicySet
  entitiesChanged: boolean
  /** The client row's new updatedAt: the version of the client's policy state. */
  updatedAt: Date
}

/**
 * Promotes a proposal to the client's next version: the evaluator verifies the signed set (its content against
 * its hash, every approval, the live quorum; the set's own for a bootstrap) and only then, in one transaction with
 * the client row locked (so two gateways cannot apply two versions after the same one), the version is stored,
 * the client's policies, entities and presets become the set's, the proposal is APPLIED and the other open
 * proposals after the same version are SUPERSEDED.
 */
export async function applyProposal(
  db: Database,
  clientId: string,
  proposalId: string,
  now: Date,
): Promise<Applied> {
  return db.transaction(async (tx) => {
    await tx
      .select({ clientId: clients.clientId })
      .from(clients)
      .where(eq(clients.clientId, clientId))
      .for('update')
    const { proposal, live } = await openProposal(tx, clientId, proposalId, now)
    const set = proposedSet(proposal, proposal.approvals)
    try {
      await verifyPolicySet(set, live ? signedSetOf(live) : 'bootstrap')
    } catch (error) {
      if (!(error instanceof GovernanceError)) throw error
      const issues = error.details.issues.map(({ path, message, code }) => ({ path, message, keyword: code }))
      if (error.code === 'POLICY_SET_QUORUM_NOT_MET')
        throw new GatewayError(
          'PROPOSAL_QUORUM_NOT_MET',
          `The proposal cannot be applied: ${error.message}`,
          {
            issues,
          },
        )
      throw new GatewayError('POLICY_SET_REFUSED', `The proposed set is refused: ${error.message}`, {
        code: error.code,
        issues,
      })
    }
    const [version] = await tx
      .insert(policyVersions)
      .values({
        clientId,
        version: proposal.version,
        previousHash: proposal.previousHash,
        contentHash: proposal.contentHash,
        content: proposal.content,
        approvals: proposal.approvals,
        proposalId,
        appliedAt: now,
      })
      .returning()
    await tx
      .update(policyProposals)
      .set({ status: 'APPLIED', updatedAt: now })
      .where(eq(policyProposals.proposalId, proposalId))
    await tx
      .update(policyProposals)
      .set({ status: 'SUPERSEDED', closedReason: `version ${proposal.version} was applied`, updatedAt: now })
      .where(
        and(
          eq(policyProposals.clientId, clientId),
          inArray(policyProposals.status, [...OPEN_STATUSES]),
          ne(policyProposals.proposalId, proposalId),
        ),
      )
    const stored = await readClientForUpdate(tx as unknown as Database, clientId)
    const { content } = proposal
    const after = { entities: content.entities, policies: content.policies, presets: content.presets ?? [] }
    // Compared in slices: at 100,000 accounts, tens of milliseconds.
    const diff = stored
      ? ((await runInSlices(entityChangesWithOrderInSteps(stored.organization, after.entities))) ?? null)
      : null
    const entitiesChanged = diff === null || !diff.exact || diff.changes.length > 0
    await tx
      .update(clients)
      .set({ policies: after.policies, presets: after.presets, updatedAt: now })
      .where(eq(clients.clientId, clientId))
    if (entitiesChanged)
      await storeChangedOrganization(tx as unknown as Database, clientId, after.entities, diff)
    // Last in the transaction: the log lock is held only while the entries are written.
    if (stored)
      await logAppliedVersion(
        tx,
        clientId,
        { ...stored.client, entities: stored.organization },
        after,
        proposalId,
        now,
        diff,
      )
    return { version: version!, set, entitiesChanged, updatedAt: now }
  })
}
