import type { Decision, DecisionInput, HistoryWindow } from '@rampart/evaluator'

/** A live decision, as the pipeline or /evaluate took it, for an observer (shadow mode) to look at after it. */
export type LiveDecisionEvent = {
  clientId: string
  source: 'signing' | 'evaluate'
  /** The signing request's id and kind (none for /evaluate). */
  requestId?: string
  kind?: string
  /**
   * The input the live decision was taken on: the same request, time, approvals, history totals and prices (null
   * totals: the history could not be read, and the live decision was a refusal).
   */
  input: Omit<DecisionInput, 'historyTotals'> & { historyTotals?: HistoryWindow[] | null | undefined }
  live: Decision
}

/**
 * What the decision pipeline hands each live decision to, once taken (src/shadow decides it again under a shadow
 * set). observe must never throw, never wait and never change the decision: the live decision is the one enforced.
 */
export interface DecisionObserver {
  observe(event: LiveDecisionEvent): void
  /** Resolves once every decision observed so far has been dealt with. */
  settled(): Promise<void>
}

/** No observer: nothing is done with the decisions. */
export const noObserver: DecisionObserver = { observe() {}, settled: async () => {} }
