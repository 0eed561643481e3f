import { type EntityIndex, loadEntities } from '@rampart/entities'
import {
  BUILTIN_PRESETS,
  createEvaluator,
  type Evaluator,
  EvaluatorError,
  type Policy,
} from '@rampart/evaluator'
import { and, eq } from 'drizzle-orm'
import type { Database } from '../core/database/openDatabase'
import { readClient } from '../core/database/organizationStore'
import { GatewayError } from '../core/errors/gatewayError'
import { policyProposals } from '../governance/governanceSchema'
import { clientRow } from '../governance/liveSet'

/** What a replay decides with: the candidate's evaluator, its policies (and its presets'), and its entities. */
export type ReplayCandidateSet = {
  evaluator: Evaluator
  index: EntityIndex
  /** The candidate's policies and its presets': how far back its limits count. */
  policies: Policy[]
}

/** The candidate as the body gives it, or as a proposal of the client holds it. */
export type CandidateSource =
  | { proposalId: string }
  | { candidate: { policies: unknown[]; entities?: unknown; presets?: string[] } }

type Content = { policies: unknown[]; entities: unknown; presets: string[] }

/** The content a replay decides with: the proposal's, or the body's, with the live entities and presets for what it leaves out. */
async function contentOf(db: Database, clientId: string, source: CandidateSource): Promise<Content> {
  if ('proposalId' in source) {
    await clientRow(db, clientId)
    const [proposal] = await db
      .select({ content: policyProposals.content })
      .from(policyProposals)
      .where(and(eq(policyProposals.clientId, clientId), eq(policyProposals.proposalId, source.proposalId)))
    if (!proposal) throw new GatewayError('REPLAY_PROPOSAL_NOT_FOUND', 'The client has no such proposal')
    const { policies, entities, presets } = proposal.content
    return { policies, entities, presets: presets ?? [] }
  }
  const { policies, entities, presets } = source.candidate
  // The stored organization only when the candidate leaves it out: at 100,000 accounts it is 35 MiB to read.
  const stored = entities === undefined ? await readClient(db, clientId) : undefined
  const client = stored?.client ?? (await clientRow(db, clientId))
  return {
    policies,
    entities: entities ?? stored?.organization,
    presets: presets ?? (client.presets as string[]),
  }
}

/**
 * Validates the candidate and builds its evaluator. Invalid policies, entities or presets are a 422 naming each
 * issue by its JSON Pointer (under /candidate in the body; the proposal's content for a proposal).
 */
export async function replayCandidate(
  db: Database,
  clientId: string,
  source: CandidateSource,
): Promise<ReplayCandidateSet> {
  const content = await contentOf(db, clientId, source)
  const base = 'proposalId' in source ? '' : '/candidate'
  const issues: { path: string; message: string }[] = []
  const loaded = loadEntities(content.entities, { kind: 'full' })
  if (!loaded.valid)
    for (const issue of loaded.issues.filter((each) => each.severity === 'error'))
      issues.push({ path: `${base}/entities${issue.path}`, message: issue.message })
  const presets = content.presets.flatMap((id, index) => {
    const preset = BUILTIN_PRESETS.find((each) => each.id === id)
    if (!preset) issues.push({ path: `${base}/presets/${index}`, message: 'is not a known protocol preset' })
    return preset ? [preset] : []
  })
  if (issues.length > 0 || !loaded.valid)
    throw new GatewayError('REPLAY_CANDIDATE_INVALID', 'The candidate policy set is invalid', { issues })
  const policies = content.policies as Policy[]
  try {
    const evaluator = await createEvaluator({ entities: loaded.index, policies, presets })
    if (evaluator.unavailable !== undefined) throw new Error(evaluator.unavailable)
    return {
      evaluator,
      index: loaded.index,
      policies: [...policies, ...presets.flatMap((preset) => preset.policies as Policy[])],
    }
  } catch (error) {
    if (!(error instanceof EvaluatorError)) throw error
    const found = error.details.issues
    throw new GatewayError('REPLAY_CANDIDATE_INVALID', 'The candidate policy set is invalid', {
      issues: found.map(({ path, message }) => ({ path: `${base}/policies${path}`, message })),
    })
  }
}
