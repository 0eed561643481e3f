import type { EntityChangesWithOrder } from '@rampart/entities'
import type { Database } from '../core/database/openDatabase'
import { appendLogEntry } from '../decisionLog/appendLogEntry'
import { changeEntries } from '../decisionLog/logEntryContents'

/** The database or a transaction of it. */
type Tx = Database | Parameters<Parameters<Database['transaction']>[0]>[0]

type ProposalEvent = 'proposal.created' | 'proposal.approved' | 'proposal.rejected' | 'proposal.expired'

/**
 * Appends a proposal's event to the client's tamper-evident decision log, in the transaction that records it:
 * details name the proposal, its version and content hash (and the approver, or the reason), nothing secret.
 */
export async function logProposalEvent(
  tx: Tx,
  clientId: string,
  kind: ProposalEvent,
  details: Record<string, unknown>,
  time: Date,
): Promise<void> {
  await appendLogEntry(tx as unknown as Database, clientId, { kind, details }, time)
}

type ClientContent = { policies: unknown[]; presets: unknown[]; entities: Record<string, unknown> }

/**
 * Appends policies.changed and entities.changed (each only when it changed) for an applied version, with the new
 * content (entities as their changes when those rebuild them exactly) and `by` naming the proposal, in the
 * transaction that applies it. `diff`: the applier's comparison of the two organizations.
 */
export async function logAppliedVersion(
  tx: Tx,
  clientId: string,
  before: ClientContent,
  after: ClientContent,
  proposalId: string,
  time: Date,
  diff?: EntityChangesWithOrder | null,
): Promise<void> {
  for (const entry of await changeEntries(before, after, `proposal:${proposalId}`, diff))
    await appendLogEntry(tx as unknown as Database, clientId, entry, time)
}
