import type { DecisionLogEntry } from '../generated/decisionLogEntry'
import { GENESIS_HASH, hashLogEntry } from './logEntryHash'
import { type AttestationPublicKey, attestationProblem } from './verifyLogAttestation'

/** Why a link of the chain is broken: stable codes to match on. */
export type LogBreakCode =
  | 'NOT_JSON'
  | 'NOT_AN_ENTRY'
  | 'OTHER_CLIENT'
  | 'SEQUENCE'
  | 'PREV_HASH'
  | 'HASH'
  | 'ATTESTATION'
  | 'EMPTY'

/** The first broken link: the line of the export it is on, the entry's sequence number when it has one, and why. */
export type LogBreak = { line: number; seq?: number; code: LogBreakCode; message: string }

export type LogVerification = {
  /** Entries read (up to and including the first broken one). */
  entries: number
  clientId?: string
  firstSeq?: number
  lastSeq?: number
  /** The hash of the last entry that verified: keep it to check a later export continues this one. */
  headHash?: string
  /** Undefined when every link holds. */
  broken?: LogBreak
  /** What holds but is worth knowing (an export that starts after seq 1 cannot show its first link). */
  notes: string[]
}

export type LogChainOptions = {
  /** The gateway's public attestation key: every decision's attestation is then checked too. */
  attestationKey?: AttestationPublicKey
  /** The hash of the entry before the first one given (for an export that starts after seq 1). */
  previousHash?: string
  /**
   * Accept an export that starts after seq 1 without the hash before it (a page of a longer chain). Otherwise such
   * an export is broken at its first line: a chain whose first entries were cut off must not pass as whole.
   */
  partial?: boolean
}

const hex64 = /^[0-9a-f]{64}$/

/** What is wrong with the members every entry has, or undefined. */
function shapeProblem(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'is not a JSON object'
  const entry = value as Record<string, unknown>
  if (typeof entry.clientId !== 'string' || entry.clientId.length === 0) return 'has no clientId'
  if (typeof entry.seq !== 'number' || !Number.isSafeInteger(entry.seq) || entry.seq < 1)
    return 'has no sequence number (seq, a whole number from 1)'
  if (typeof entry.kind !== 'string') return 'has no kind'
  if (typeof entry.time !== 'string') return 'has no time'
  if (typeof entry.prevHash !== 'string' || !hex64.test(entry.prevHash))
    return 'has no prevHash (64 hex digits)'
  if (typeof entry.hash !== 'string' || !hex64.test(entry.hash)) return 'has no hash (64 hex digits)'
  return undefined
}

/**
 * Checks a client's exported log one line at a time, as it is read: each entry's hash is that of its content,
 * names the entry before it (prevHash) and comes next in sequence, and with a key each decision's attestation
 * verifies. It stops at the first broken link, which `result()` names with its line and sequence number; the
 * links after it cannot be trusted whatever they say.
 */
export class LogChainVerifier {
  private entries = 0
  private line = 0
  private clientId: string | undefined
  private firstSeq: number | undefined
  private lastSeq: number | undefined
  private headHash: string | undefined
  private broken: LogBreak | undefined
  private readonly notes: string[] = []

  constructor(private readonly options: LogChainOptions = {}) {}

  /** Whether a broken link was found (further lines are then ignored). */
  get isBroken(): boolean {
    return this.broken !== undefined
  }

  /** Checks the next line of the export (blank lines are skipped, as JSON Lines allows at the end). */
  addLine(text: string): void {
    this.line++
    if (this.broken || text.trim().length === 0) return
    let value: unknown
    try {
      value = JSON.parse(text)
    } catch (error) {
      const reason = error instanceof SyntaxError ? error.message : 'unreadable'
      this.broken = { line: this.line, code: 'NOT_JSON', message: `the line is not JSON: ${reason}` }
      return
    }
    this.broken = this.check(value, this.line)
  }

  /** Checks the next entry, already parsed (its line is counted as the next one). */
  addEntry(value: unknown): void {
    this.line++
    if (!this.broken) this.broken = this.check(value, this.line)
  }

  /** The entry's broken link, or undefined when it holds (and the chain then ends with it). */
  private check(value: unknown, line: number): LogBreak | undefined {
    const shape = shapeProblem(value)
    const seq = (value as { seq?: unknown } | null)?.seq
    const at = { line, ...(typeof seq === 'number' && Number.isSafeInteger(seq) ? { seq } : {}) }
    if (shape) return { ...at, code: 'NOT_AN_ENTRY', message: `the entry ${shape}` }
    const entry = value as DecisionLogEntry
    this.entries++
    if (this.clientId === undefined) this.clientId = entry.clientId
    else if (entry.clientId !== this.clientId)
      return {
        ...at,
        code: 'OTHER_CLIENT',
        message: `the entry is of client ${entry.clientId}, not ${this.clientId}: one file holds one chain`,
      }
    if (
      this.lastSeq === undefined &&
      entry.seq > 1 &&
      this.options.previousHash === undefined &&
      !this.options.partial
    )
      return {
        ...at,
        code: 'SEQUENCE',
        message: `the export starts at entry ${entry.seq}, not 1: entries before it are missing (give the hash of entry ${entry.seq - 1}, or verify it as a partial export)`,
      }
    const expectedSeq = this.lastSeq === undefined ? undefined : this.lastSeq + 1
    if (expectedSeq !== undefined && entry.seq !== expectedSeq)
      return {
        ...at,
        code: 'SEQUENCE',
        message: `expected entry ${expectedSeq} after ${this.lastSeq}, found ${entry.seq}: an entry is missing, repeated or out of order`,
      }
    const expectedPrev = this.expectedPrevHash(entry.seq)
    if (expectedPrev !== undefined && entry.prevHash !== expectedPrev)
      return {
        ...at,
        code: 'PREV_HASH',
        message: `prevHash ${entry.prevHash} is not the hash of the entry before (${expectedPrev})`,
      }
    const actual = hashLogEntry(entry)
    if (actual !== entry.hash)
      return {
        ...at,
        code: 'HASH',
        message: `the entry's content hashes to ${actual}, not to its hash ${entry.hash}: it was altered`,
      }
    const key = this.options.attestationKey
    if (key && entry.decided) {
      const problem = attestationProblem(entry.decided, key)
      if (problem) return { ...at, code: 'ATTESTATION', message: problem }
    }
    if (this.firstSeq === undefined) {
      this.firstSeq = entry.seq
      if (entry.seq > 1 && this.options.previousHash === undefined)
        this.notes.push(
          `the export starts at entry ${entry.seq}: its link to entry ${entry.seq - 1} was not checked (give the hash of entry ${entry.seq - 1} to check it)`,
        )
    }
    this.lastSeq = entry.seq
    this.headHash = entry.hash
    return undefined
  }

  /** The hash the entry's prevHash must be; undefined when nothing says (the first entry of a partial export). */
  private expectedPrevHash(seq: number): string | undefined {
    if (this.headHash !== undefined) return this.headHash
    if (seq === 1) return GENESIS_HASH
    return this.options.previousHash
  }

  /** What was found: every link held (no `broken`), or the first that did not. An empty export is broken too. */
  result(): LogVerification {
    const broken =
      this.broken ??
      (this.entries === 0
        ? { line: this.line, code: 'EMPTY' as const, message: 'the export holds no entry' }
        : undefined)
    return {
      entries: this.entries,
      ...(this.clientId === undefined ? {} : { clientId: this.clientId }),
      ...(this.firstSeq === undefined ? {} : { firstSeq: this.firstSeq }),
      ...(this.lastSeq === undefined ? {} : { lastSeq: this.lastSeq }),
      ...(this.headHash === undefined ? {} : { headHash: this.headHash }),
      ...(broken ? { broken } : {}),
      notes: [...this.notes],
    }
  }
}

/** Verifies a whole export held in memory (JSON Lines): see LogChainVerifier. */
export function verifyLogChain(text: string, options: LogChainOptions = {}): LogVerification {
  const verifier = new LogChainVerifier(options)
  for (const line of text.split('\n')) {
    verifier.addLine(line.endsWith('\r') ? line.slice(0, -1) : line)
    if (verifier.isBroken) break
  }
  return verifier.result()
}
