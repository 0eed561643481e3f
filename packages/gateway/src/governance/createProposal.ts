import { randomUUID } from 'node:crypto'
import {
  BUILTIN_PRESETS,
  contentHashOf,
  type PolicySetContent,
  type SignedPolicySet,
  validateSignedPolicySet,
} from '@rampart/evaluator'
import { and, eq } from 'drizzle-orm'
import type { Database } from '../core/database/openDatabase'
import { GatewayError, type ValidationIssue } from '../core/errors/gatewayError'
import { logProposalEvent } from './governanceLog'
import {
  type PolicyProposalRow,
  type ProposalKind,
  policyProposals,
  policyVersions,
  type StoredContent,
} from './governanceSchema'
import { liveContent } from './liveSet'
import { policySetWarnings } from './proposalWarnings'
import { unreachableQuorum } from './reachableQuorum'

/** What a proposal body may change; what it leaves out stays as the live version has it. */
export type ProposalBody = {
  description?: string
  policies?: Record<string, unknown>[]
  entities?: Record<string, unknown>
  presets?: string[]
  governance?: PolicySetContent['governance']
  /** How long the proposal stays open, in seconds: 7 days when left out, 30 days at most. */
  ttlSeconds?: number
}

export const DEFAULT_PROPOSAL_TTL_SECONDS = 7 * 24 * 3600

/** Where a problem of the content is in the proposal body: /content/policies/0 → /policies/0. */
const bodyPath = (path: string) => (path.startsWith('/content') ? path.slice('/content'.length) : path)

/**
 * Records a proposed next version of a client's policy set, AWAITING_QUORUM: its content (the live version's,
 * with what the body gives in place), checked as the evaluator will check it, with the static checks' warnings.
 * For a client without a version yet it is the bootstrap (version 1), which must declare its governance.
 */
export async function createProposal(
  db: Database,
  clientId: string,
  body: ProposalBody,
  now: Date,
  origin: { kind?: Extract<ProposalKind, 'rollback'>; rollbackOf?: number } = {},
): Promise<PolicyProposalRow> {
  const { live, content: current } = await liveContent(db, clientId)
  const governance = body.governance ?? current.governance
  if (!governance)
    throw new GatewayError('PROPOSAL_INVALID', 'The proposal is invalid', {
      issues: [
        {
          path: '/governance',
          message: "is required for the client's first signed set (the bootstrap): who approves its changes",
          keyword: 'required',
        },
      ],
    })
  const content: PolicySetContent = {
    policies: (body.policies ?? current.policies ?? []) as PolicySetContent['policies'],
    entities: (body.entities ?? current.entities ?? {}) as PolicySetContent['entities'],
    presets: body.presets ?? current.presets ?? [],
    governance,
  }
  const provisional: SignedPolicySet = {
    setId: clientId,
    version: live ? live.version + 1 : 1,
    previousHash: live ? live.contentHash : null,
    contentHash: contentHashOf(content),
    content,
    approvals: [],
  }
  const { issues } = validateSignedPolicySet(provisional, BUILTIN_PRESETS)
  if (issues.length > 0)
    throw new GatewayError('PROPOSAL_INVALID', 'The proposal is invalid', {
      issues: issues.map(
        (issue): ValidationIssue => ({
          path: bodyPath(issue.path),
          message: issue.message,
          keyword: issue.code,
        }),
      ),
    })
  const unreachable = unreachableQuorum(content)
  if (unreachable)
    throw new GatewayError('PROPOSAL_INVALID', 'The proposal is invalid', { issues: [unreachable] })
  const ttl = body.ttlSeconds ?? DEFAULT_PROPOSAL_TTL_SECONDS
  const kind: ProposalKind = live ? (origin.kind ?? 'change') : 'bootstrap'
  const row = await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(policyProposals)
      .values({
        proposalId: `prop_${randomUUID()}`,
        clientId,
        kind,
        version: provisional.version,
        previousHash: provisional.previousHash,
        contentHash: provisional.contentHash,
        content: content as unknown as StoredContent,
        rollbackOf: origin.rollbackOf ?? null,
        description: body.description ?? null,
        status: 'AWAITING_QUORUM',
        approvals: [],
        approvedBy: [],
        warnings: policySetWarnings(content),
        createdAt: now,
        updatedAt: now,
        expiresAt: new Date(now.getTime() + ttl * 1000),
      })
      .returning()
    const { proposalId, version, contentHash } = inserted!
    await logProposalEvent(tx, clientId, 'proposal.created', { proposalId, kind, version, contentHash }, now)
    return inserted!
  })
  return row
}

/** Proposes an applied version again, as the next version: a rollback, approved like any other change. */
export async function proposeRollback(
  db: Database,
  clientId: string,
  version: number,
  body: Pick<ProposalBody, 'description' | 'ttlSeconds'>,
  now: Date,
): Promise<PolicyProposalRow> {
  const [old] = await db
    .select()
    .from(policyVersions)
    .where(and(eq(policyVersions.clientId, clientId), eq(policyVersions.version, version)))
  if (!old) throw new GatewayError('POLICY_VERSION_NOT_FOUND', `The client has no policy version ${version}`)
  const { content } = old
  return createProposal(
    db,
    clientId,
    {
      description: body.description ?? `Rollback to version ${version}`,
      policies: content.policies,
      entities: content.entities,
      presets: content.presets ?? [],
      governance: content.governance as PolicySetContent['governance'],
      ...(body.ttlSeconds === undefined ? {} : { ttlSeconds: body.ttlSeconds }),
    },
    now,
    { kind: 'rollback', rollbackOf: version },
  )
}
