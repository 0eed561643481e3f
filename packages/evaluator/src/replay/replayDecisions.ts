import type { Evaluator } from '../createEvaluator'
import type { DecisionInput } from '../decide'
import type { Decision } from '../generated/decision'
import type { EvaluationRequest, HistoryTransfer } from '../generated/evaluationRequest'
import type { Policy } from '../generated/policy'
import { historyReach, historyWindows } from '../historyReach'
import { refusal } from '../refusal'
import { FlipReport } from './flipReport'
import { RebuiltHistory } from './rebuiltHistory'
import type { RecordedDecision, ReplayOptions, ReplayReport } from './replayTypes'

/** The candidate decided under: its evaluator (its policies and entities loaded), and the policies it holds. */
export type ReplayCandidate = {
  evaluator: Pick<Evaluator, 'decide' | 'evaluate'>
  /** The candidate's policies and those of the presets it enables: how far back its limits count. */
  policies: readonly Policy[]
}

/**
 * Decides recorded requests again under a candidate policy set, in the order they were decided, and reports which
 * decisions flip. Feed records with `add` (a chunk at a time, if the caller has to yield between chunks), then
 * read `report()`. Each request is decided with the history it had: its own, when the record carries it, else the
 * history rebuilt from what the requests before it moved, as it was at its time (see RecordedDecision). The
 * enforced decisions count, not the candidate's: the question is how the candidate would have decided the traffic
 * that happened, each request on its own.
 */
export class Replay {
  private readonly history = new RebuiltHistory()
  private readonly flips: FlipReport
  private rebuiltCount = 0

  constructor(
    private readonly candidate: ReplayCandidate,
    options: ReplayOptions = {},
  ) {
    const examples = options.examplesPerGroup ?? 5
    if (!Number.isSafeInteger(examples) || examples < 0)
      throw new RangeError(`examplesPerGroup must be a whole number, 0 or more: ${examples}`)
    this.flips = new FlipReport(examples)
  }

  /** Decides one recorded request again; returns the candidate's decision. */
  add(record: RecordedDecision): Decision {
    const { now, principal } = record.input ?? record.request ?? {}
    let decided: Decision
    if (typeof now !== 'number' || !Number.isSafeInteger(now)) {
      // Without its time, neither its history nor its windows are known: refused, never guessed.
      decided = refusal('INVALID_REQUEST', 'the recorded request names no time (now)', [
        { path: '/now', message: 'is required to decide a request again' },
      ])
    } else decided = this.decide(record, now)
    this.history.add(record.moved)
    this.flips.add(record, typeof principal === 'string' ? principal : '', now, decided)
    return decided
  }

  /**
   * Counts what a request before the replayed period moved, without deciding it again: the history the first
   * requests of the period had. Add them in order, before the first record.
   */
  counted(moved: readonly HistoryTransfer[]): void {
    this.history.add(moved)
  }

  report(): ReplayReport {
    return { ...this.flips.report(), historyRebuilt: this.rebuiltCount }
  }

  private decide(record: RecordedDecision, now: number): Decision {
    const { evaluator } = this.candidate
    if (record.input) {
      const input = record.input
      if (this.ownHistoryCounts(input, now)) return evaluator.decide(input).decision
      const { historyTotals: _other, ...rest } = input
      return evaluator.decide({ ...rest, history: this.rebuilt(now) } as DecisionInput).decision
    }
    const request = record.request as EvaluationRequest
    const options = record.presets?.length ? { presets: record.presets } : undefined
    if (this.ownHistoryCounts(request, now)) return evaluator.evaluate(request, options)
    const { historyTotals: _other, ...rest } = request
    return evaluator.evaluate({ ...rest, history: this.rebuilt(now) }, options)
  }

  /**
   * Whether a record's own history can count the candidate's limits: a plain history always (its entries are
   * filtered by each window), totals only when summed for every window the candidate's limits start at. Totals
   * summed for the live set's windows alone would make the evaluator refuse; the rebuilt history counts them.
   */
  private ownHistoryCounts(own: Pick<DecisionInput, 'history' | 'historyTotals'>, now: number): boolean {
    if (own.history !== undefined) return true
    if (own.historyTotals === undefined) return false
    const summed = new Set(own.historyTotals.map((window) => window.since))
    return historyWindows(this.candidate.policies, now).every((since) => summed.has(since))
  }

  private rebuilt(now: number) {
    this.rebuiltCount++
    return this.history.since(historyReach(this.candidate.policies, now))
  }
}

/** Replays every record in order (see Replay) and returns the report. */
export function replayDecisions(
  candidate: ReplayCandidate,
  records: Iterable<RecordedDecision>,
  options?: ReplayOptions,
): ReplayReport {
  const replay = new Replay(candidate, options)
  for (const record of records) replay.add(record)
  return replay.report()
}
