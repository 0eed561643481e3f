import { historyReach, Replay } from '@rampart/evaluator'
import type { Database } from '../core/database/openDatabase'
import { GatewayError } from '../core/errors/gatewayError'
import type { ReplayReport } from '../generated/replay/replayReport'
import type { ReplayRequest } from '../generated/replay/replayRequest'
import { movedBefore, recordedRequests } from './recordedRequests'
import { type CandidateSource, replayCandidate } from './replayCandidate'

const DEFAULT_MAX_REQUESTS = 5000
const DEFAULT_EXAMPLES = 5
/** Requests decided between two yields to the event loop: a replay of thousands must not stall other requests. */
const CHUNK = 200

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve))

/**
 * Re-decides the client's requests created in the period under the candidate, in the order they were decided,
 * each with the history it had: what the requests permitted before it moved (those before the period included,
 * back to the first second the candidate's limits count), as the live limits counted it. Bounded by maxRequests;
 * the report says where to continue. The live decisions and records are only read.
 */
export async function replayClient(
  db: Database,
  clientId: string,
  body: ReplayRequest,
): Promise<ReplayReport> {
  const from = new Date(body.from)
  const to = new Date(body.to)
  if (!(from.getTime() < to.getTime()))
    throw new GatewayError('VALIDATION_FAILED', 'The period is empty: from must come before to', {
      issues: [{ path: '/to', message: 'must be after from' }],
    })
  const source: CandidateSource =
    body.proposalId !== undefined
      ? { proposalId: body.proposalId }
      : { candidate: body.candidate as { policies: unknown[]; entities?: unknown; presets?: string[] } }
  const candidate = await replayCandidate(db, clientId, source)
  const max = body.maxRequests ?? DEFAULT_MAX_REQUESTS
  const limit = body.examples?.limit ?? DEFAULT_EXAMPLES
  const offset = body.examples?.offset ?? 0

  const { records, more } = await recordedRequests(db, clientId, { from, to, max }, candidate.index)
  const replay = new Replay(candidate, { examplesPerGroup: offset + limit })
  const first = records[0]?.decidedAt ?? Math.floor(from.getTime() / 1000)
  const since = historyReach(candidate.policies, first)
  if (since !== undefined) replay.counted(await movedBefore(db, clientId, from, since))
  for (const [index, record] of records.entries()) {
    replay.add(record)
    if (index % CHUNK === CHUNK - 1) await yieldToEventLoop()
  }
  const report = replay.report()
  return {
    from: from.toISOString(),
    to: to.toISOString(),
    ...(body.proposalId === undefined ? {} : { proposalId: body.proposalId }),
    ...report,
    groups: report.groups.map((group) => ({ ...group, examples: group.examples.slice(offset) })),
    truncated: more !== null,
    nextFrom: more?.toISOString() ?? null,
    examples: {
      offset,
      limit,
      nextOffset: report.groups.some((group) => group.count > offset + limit) ? offset + limit : null,
    },
  }
}
