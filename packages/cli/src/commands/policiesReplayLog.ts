import { createReadStream } from 'node:fs'
import { createInterface } from 'node:readline'
import { EntitiesJsonError, type EntityIndex, parseEntitiesJson } from '@rampart/entities'
import {
  type DecisionKind,
  type EvaluationRequest,
  type HistoryTransfer,
  type RecordedDecision,
  requestHistory,
} from '@rampart/evaluator'
import { CliError } from '../cliErrors'
import { locateJsonError } from '../locateJsonError'
import { readErrorReason } from '../readErrorReason'
import { locateJsonPointers } from '../sourceLocation'

/**
 * A line longer than this is refused (readline keeps a line whole). A decision's entry is kilobytes, but an
 * entities.changed entry may carry a whole organization, which the gateway takes up to 64 MiB.
 */
const MAX_LINE = 96 * 1024 * 1024
const DECISIONS: readonly string[] = ['Permit', 'Forbid', 'Confirm']

/** The decisions of a decision log, in order, and how many entries of other kinds were left aside. */
export type DecisionLog = { records: RecordedDecision[]; skipped: number }

/**
 * Reads a decision log exported as JSON Lines (GET /v1/admin/clients/{id}/log): one entry per line, in the order
 * they were appended (schemas/log/decisionLogEntry.schema.json). Entries of kind `decision` are replayed; the
 * others (approvals, rejections, changes of policies or entities, proposals) are counted and left aside: a request
 * decided again after its approvals has a decision entry of its own. A decision entry's `decided` gives the
 * evaluation request as decided (principal, resource, intent, approvals, `now`, prices, the historyTotals it had)
 * and the decision; what a permitted request moved (requestHistory of that request) counts toward the history
 * rebuilt for later ones. The chain itself is `rampart log verify`'s to check. A malformed line is an error at its
 * file:line:col.
 */
export async function readDecisionLog(file: string, entities: EntityIndex): Promise<DecisionLog> {
  const records: RecordedDecision[] = []
  let skipped = 0
  let lineNumber = 0
  const decimals = decimalsOf(entities)
  let lines: AsyncIterable<string>
  try {
    const stream = createReadStream(file, { encoding: 'utf8' })
    await new Promise<void>((resolve, reject) => stream.once('open', () => resolve()).once('error', reject))
    lines = createInterface({ input: stream, crlfDelay: Number.POSITIVE_INFINITY })
  } catch (error) {
    throw new CliError('cli.invalid-input', `log ${file}: ${readErrorReason(error)}`)
  }
  for await (const raw of lines) {
    lineNumber++
    const line = lineNumber === 1 ? raw.replace(/^\uFEFF/, '') : raw
    if (line.trim() === '') continue
    const at = (column: number, pointer: string, message: string) =>
      new CliError(
        'cli.invalid-input',
        `log ${file}:${lineNumber}:${column}: ${message}${pointer ? ` (at ${pointer})` : ''}`,
      )
    if (line.length > MAX_LINE) throw at(1, '', `the line is longer than ${MAX_LINE} characters`)
    let entry: unknown
    try {
      entry = parseEntitiesJson(line)
    } catch (error) {
      if (!(error instanceof EntitiesJsonError)) throw error
      throw at(locateJsonError(line, error).column, error.path, error.message)
    }
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry))
      throw at(1, '', 'an entry is a JSON object')
    const fields = entry as Record<string, unknown>
    if (fields.kind !== 'decision') {
      skipped++
      continue
    }
    const record = recordOf(fields, lineNumber, decimals, entities)
    if ('problem' in record) {
      const { pointer, message } = record.problem
      throw at(locateJsonPointers(line, [pointer])[0]?.column ?? 1, pointer, message)
    }
    records.push(record)
  }
  return { records, skipped }
}

/** A decision entry as replay reads it (decisionLogEntry.schema.json), or what is wrong with it. */
function recordOf(
  entry: Record<string, unknown>,
  lineNumber: number,
  decimals: Record<string, number>,
  entities: EntityIndex,
): RecordedDecision | { problem: { pointer: string; message: string } } {
  const problem = (pointer: string, message: string) => ({ problem: { pointer, message } })
  const decided = entry.decided as
    | { evaluationRequest?: unknown; decision?: unknown; presets?: unknown }
    | undefined
  if (typeof decided !== 'object' || decided === null || Array.isArray(decided))
    return problem('/decided', 'a decision entry holds the decision as taken (an object)')
  const request = decided.evaluationRequest
  if (typeof request !== 'object' || request === null || Array.isArray(request))
    return problem('/decided/evaluationRequest', 'is required: the evaluation request as decided (an object)')
  const { principal, now } = request as { principal?: unknown; now?: unknown }
  if (typeof principal !== 'string')
    return problem('/decided/evaluationRequest/principal', 'is required (a string)')
  if (typeof now !== 'number' || !Number.isSafeInteger(now))
    return problem(
      '/decided/evaluationRequest/now',
      'is required (unix seconds): a request is decided again at its own time',
    )
  const decision = decided.decision as {
    decision?: unknown
    decidingPolicy?: unknown
    reason?: { code?: unknown }
  }
  if (typeof decision !== 'object' || decision === null || !DECISIONS.includes(decision.decision as string))
    return problem('/decided/decision', 'is required, its decision Permit, Forbid or Confirm')
  const presets = decided.presets
  if (presets !== undefined && !(Array.isArray(presets) && presets.every((id) => typeof id === 'string')))
    return problem('/decided/presets', 'is a list of preset ids')
  const id = typeof entry.seq === 'number' ? String(entry.seq) : `line ${lineNumber}`
  const live = {
    decision: decision.decision as DecisionKind,
    ...(typeof decision.decidingPolicy === 'string' ? { decidingPolicy: decision.decidingPolicy } : {}),
    ...(typeof decision.reason?.code === 'string' ? { reason: { code: decision.reason.code } } : {}),
  }
  let moved: HistoryTransfer[] | undefined
  if (live.decision === 'Permit') {
    // Tagged with the signing request's id, as the gateway tags what it records: a rate limit counts it once.
    const requestId = (entry.request as { requestId?: unknown } | undefined)?.requestId
    try {
      moved = requestHistory(
        request as EvaluationRequest,
        userOf(entities, principal),
        typeof requestId === 'string' ? requestId : id,
        decimals,
      )
    } catch {
      return problem('/decided/evaluationRequest', 'what the permitted request moved cannot be read from it')
    }
  }
  return {
    id,
    live,
    request: request as EvaluationRequest,
    ...(presets === undefined ? {} : { presets: presets as string[] }),
    ...(moved ? { moved } : {}),
  }
}

/** The user a principal names: a user id, or a credential (by id or kid) of a user. */
function userOf(entities: EntityIndex, principal: string): string {
  const user = entities.user(principal)
  if (user) return user.id
  const credential = entities.credential(principal) ?? entities.credentialByKid(principal)
  return credential?.userId ?? principal
}

function decimalsOf(entities: EntityIndex): Record<string, number> {
  const decimals: Record<string, number> = {}
  for (const token of entities.entities.tokens ?? []) decimals[token.id.toLowerCase()] = token.decimals
  return decimals
}
