import type { PolicySetContent } from '@rampart/evaluator'
import type { ProposalWarning } from './governanceSchema'

/**
 * The static checks of a proposed set (a permit that can never decide, a permit with neither limit nor approval,
 * a spending limit adding raw units of several tokens, a typed-data permit without a verifying contract). They are
 * the decision-log branch's (wt-log) library function: until it lands here, no check runs and proposals carry no
 * warnings. This is the one place to call it from.
 */
export function policySetWarnings(_content: PolicySetContent): ProposalWarning[] {
  return []
}

/** A governance event for the client's tamper-evident decision log. */
export type GovernanceLogEvent =
  | {
      kind: 'policies.changed' | 'entities.changed'
      version: number
      contentHash: string
      proposalId: string
    }
  | { kind: 'proposal.approved'; proposalId: string; userId: string; credentialId: string }
  | { kind: 'proposal.rejected'; proposalId: string; reason: string }

/**
 * Appends a governance event to the client's decision log, in the transaction that makes the change. The log and
 * its appendLogEntry(tx, clientId, entry) are the decision-log branch's (wt-log): until it lands here, this hook
 * appends nothing. Every governance change already calls it.
 */
export async function appendGovernanceLogEntry(
  _tx: unknown,
  _clientId: string,
  _event: GovernanceLogEvent,
): Promise<void> {}
