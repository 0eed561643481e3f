import { randomUUID } from 'node:crypto'
import { type Decision, type DecisionInput, type HistoryWindow, historyWindows } from '@rampart/evaluator'
import type { Database } from '../core/database/openDatabase'
import type { DecisionObserver, LiveDecisionEvent } from '../signing/pipeline/decisionObserver'
import { loadHistoryTotals } from '../signing/pipeline/loadHistory'
import { type DivergentDecision, shadowDivergences } from './shadowSchema'
import type { ShadowSet, ShadowSets } from './shadowSets'

/** Shadow decisions waiting at most; past this, live decisions are not decided in shadow until it catches up. */
const MAX_PENDING = 1000

/**
 * Decides each live decision again under the client's shadow set, after the live decision was taken and
 * answered (the work is queued behind the response, never before it), and records each divergence. The live
 * decision is the one enforced, always: the shadow never sees the caller, and its failures are only logged.
 */
export class ShadowMode implements DecisionObserver {
  private readonly pending = new Set<Promise<void>>()
  /** Decisions left undecided in shadow because too many were waiting (see MAX_PENDING). */
  private dropped = 0
  /** Divergences found and not yet written, and the write that will take them. */
  private readonly buffer: (typeof shadowDivergences.$inferInsert)[] = []
  private flushing: Promise<void> | undefined

  constructor(
    private readonly db: Database,
    private readonly sets: ShadowSets,
    private readonly onFailure: (clientId: string, reason: string) => void,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  observe(event: LiveDecisionEvent): void {
    // Shadow work that cannot keep up with the traffic is dropped, never queued without end: the live path must
    // not slow down, nor the memory grow, for a set that is only observed. A drop is a gap in the divergences.
    if (this.pending.size >= MAX_PENDING) {
      if (this.dropped++ % 1000 === 0)
        this.onFailure(
          event.clientId,
          `shadow mode is behind: ${this.dropped} decision(s) not decided in shadow`,
        )
      return
    }
    // Stamped now, in the order the live decisions were taken, to the millisecond: the shadow decides later, and
    // divergences are listed in the order their decisions happened.
    const observedAt = this.clock()
    const task = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => this.decide(event, observedAt))
      .catch((error: unknown) =>
        this.onFailure(event.clientId, error instanceof Error ? error.message : String(error)),
      )
      .finally(() => this.pending.delete(task))
    this.pending.add(task)
  }

  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending])
  }

  private async decide(event: LiveDecisionEvent, observedAt: Date): Promise<void> {
    // A history that could not be read refused the live decision; the shadow has nothing to compare it with.
    const { historyTotals, ...rest } = event.input
    if (historyTotals === null) return
    const set = await this.sets.forClient(event.clientId)
    if (!set) return
    const input = await this.withShadowHistory(
      set,
      event.clientId,
      historyTotals ? { ...rest, historyTotals } : rest,
    )
    const shadow = set.evaluator.decide(input).decision
    if (shadow.decision === event.live.decision) return
    this.buffer.push({
      divergenceId: randomUUID(),
      clientId: event.clientId,
      proposalId: set.proposalId,
      source: event.source,
      requestId: event.requestId ?? null,
      kind: event.kind ?? null,
      principal: event.input.principal,
      decidedAt: observedAt,
      live: divergent(event.live),
      shadow: divergent(shadow),
      createdAt: this.clock(),
    })
    await this.flushSoon()
  }

  /**
   * Writes the divergences found so far in one insert, once the decisions queued with them are decided: a stream
   * of divergences costs one statement per turn of the event loop, not one per decision.
   */
  private flushSoon(): Promise<void> {
    this.flushing ??= new Promise<void>((resolve) => setImmediate(resolve)).then(async () => {
      // Rows found from here on go in the next insert.
      this.flushing = undefined
      const rows = this.buffer.splice(0)
      if (rows.length === 0) return
      try {
        await this.db.insert(shadowDivergences).values(rows)
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error)
        this.onFailure(
          rows[0]?.clientId ?? '',
          `${rows.length} divergence(s) could not be recorded: ${reason}`,
        )
      }
    })
    return this.flushing
  }

  /**
   * The live input with the history the shadow's limits count. The live totals serve when they were summed for
   * every window the shadow's limits start at; otherwise the shadow's windows are summed now, after the live
   * decision, so they may already count the request itself when it was permitted (a shadow limit over other
   * windows than the live ones errs toward refusing, never toward permitting).
   */
  private async withShadowHistory(
    set: ShadowSet,
    clientId: string,
    input: DecisionInput,
  ): Promise<DecisionInput> {
    if (!set.usesHistory || input.now === undefined) return input
    const starts = historyWindows(set.limitedPolicies, input.now)
    const summed = new Set((input.historyTotals ?? []).map((window: HistoryWindow) => window.since))
    if (starts.every((since) => summed.has(since))) return input
    return { ...input, historyTotals: await loadHistoryTotals(this.db, clientId, starts) }
  }
}

function divergent(decision: Decision): DivergentDecision {
  return {
    decision: decision.decision,
    ...(decision.decidingPolicy === undefined ? {} : { decidingPolicy: decision.decidingPolicy }),
    reason: { code: decision.reason.code, message: decision.reason.message },
  }
}
