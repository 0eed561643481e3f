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

/** A line longer than this is refused: one decision's entry is kilobytes, and readline keeps a line whole. */
const MAX_LINE = 16 * 1024 * 1024
const DECISIONS: readonly string[] = ['Permit', 'Forbid', 'Confirm']

/** The decisions of a decision log, in order, and how many entries of other kinds were left aside. */
export type DecisionLog = { records: RecordedDecision[]; skipped: number }

/**
 * Reads a decision log exported as JSON Lines (GET /v1/admin/clients/{id}/log): one entry per line, in the order
 * they were appended. Entries of kind `decision` are replayed; the others (approvals, rejections, changes of
 * policies or entities) are counted and left aside, as an approval is itself decided again as the decision it led
 * to. A decision entry gives `request` (the evaluation request as decided: principal, resource, intent, approvals,
 * `now`, prices, and the history or historyTotals it had) and `decision` (at least `decision`; `decidingPolicy` and
 * `reason` when there). What a permitted request moved counts toward the history of later ones (its `moved`
 * entries when the entry has them, else what `requestHistory` makes of the request). A malformed line is an error
 * at its file:line:col.
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
    if (fields.kind !== undefined && fields.kind !== 'decision') {
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

/** The decision entry as replay reads it, or `pointer message` for what is wrong with it. */
function recordOf(
  entry: Record<string, unknown>,
  lineNumber: number,
  decimals: Record<string, number>,
  entities: EntityIndex,
): RecordedDecision | { problem: { pointer: string; message: string } } {
  const problem = (pointer: string, message: string) => ({ problem: { pointer, message } })
  const request = entry.request
  if (typeof request !== 'object' || request === null || Array.isArray(request))
    return problem('/request', 'the evaluation request as decided is required (an object)')
  const { principal, now } = request as { principal?: unknown; now?: unknown }
  if (typeof principal !== 'string') return problem('/request/principal', 'is required (a string)')
  if (typeof now !== 'number' || !Number.isSafeInteger(now))
    return problem('/request/now', 'is required (unix seconds): a request is decided again at its own time')
  const decision = entry.decision as {
    decision?: unknown
    decidingPolicy?: unknown
    reason?: { code?: unknown }
  }
  if (typeof decision !== 'object' || decision === null || !DECISIONS.includes(decision.decision as string))
    return problem('/decision', 'is required, its decision Permit, Forbid or Confirm')
  const id =
    typeof entry.seq === 'number' || typeof entry.seq === 'string' ? String(entry.seq) : `line ${lineNumber}`
  const live = {
    decision: decision.decision as DecisionKind,
    ...(typeof decision.decidingPolicy === 'string' ? { decidingPolicy: decision.decidingPolicy } : {}),
    ...(typeof decision.reason?.code === 'string' ? { reason: { code: decision.reason.code } } : {}),
  }
  let moved: HistoryTransfer[] | undefined
  if (Array.isArray(entry.moved)) moved = entry.moved as HistoryTransfer[]
  else if (live.decision === 'Permit') {
    const userId = typeof entry.userId === 'string' ? entry.userId : userOf(entities, principal)
    try {
      moved = requestHistory(request as EvaluationRequest, userId, id, decimals)
    } catch {
      return problem('/request', 'what the permitted request moved cannot be read from it')
    }
  }
  return { id, live, request: request as EvaluationRequest, ...(moved ? { moved } : {}) }
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
