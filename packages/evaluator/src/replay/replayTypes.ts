import type { DecisionInput } from '../decide'
import type { Decision } from '../generated/decision'
import type { EvaluationRequest, HistoryTransfer } from '../generated/evaluationRequest'

export type DecisionKind = Decision['decision']

/** What replay keeps of the decision that was enforced: its outcome, the policy that decided it, and why. */
export type LiveDecision = Pick<Decision, 'decision'> & {
  decidingPolicy?: string | undefined
  reason?: { code: string; message?: string } | undefined
}

/**
 * One request as it was decided, in the order it was decided. Either the signing request (`input`, decided again
 * by the library's one rule, `Evaluator.decide`), or the evaluation request for the one account it was decided
 * for (`request`, as a decision log records it, evaluated again with `Evaluator.evaluate`).
 *
 * History: a record that carries its own `history`, or `historyTotals` summed for every window the candidate's
 * limits count, is decided again with exactly that (the history it had). Any other gets the history rebuilt from
 * the ordered records before it: the `moved` entries of every earlier record, from the first second the
 * candidate's limits count back to.
 */
export type RecordedDecision = {
  /** Names the request in the report (the gateway's request id, the log's sequence number). */
  id: string
  /** The decision that was enforced. */
  live: LiveDecision
  /**
   * What the request counted toward later limits when it was decided (requestHistory of a permitted request;
   * nothing for one that was refused or failed): the entries later records' rebuilt history holds.
   */
  moved?: readonly HistoryTransfer[] | undefined
} & (
  | { input: DecisionInput; request?: never }
  | {
      request: EvaluationRequest
      input?: never
      /** The protocol presets the request asked to be decided with (a decision log's `decided.presets`). */
      presets?: readonly string[] | undefined
    }
)

/** One decision decided again under the candidate, beside the one enforced. */
export type FlipExample = {
  id: string
  principal: string
  /** The request's time, unix seconds, when it names one. */
  now?: number
  live: LiveDecision
  candidate: { decision: DecisionKind; decidingPolicy?: string; reason: { code: string; message: string } }
}

/** The flips of one kind (from → to) that the same policies decided, live and under the candidate. */
export type FlipGroup = {
  from: DecisionKind
  to: DecisionKind
  /** The policy that decided the enforced decision, when one did. */
  livePolicy?: string
  /** The policy that decides under the candidate, when one does. */
  candidatePolicy?: string
  /** The candidate's reason code (NO_MATCHING_PERMIT, FORBIDDEN_BY_POLICY, PERMITTED...). */
  reason: string
  count: number
  /** The first flips of the group, in the order they were decided. */
  examples: FlipExample[]
}

export type ReplayReport = {
  /** Requests decided again. */
  requests: number
  unchanged: number
  flipped: number
  /**
   * Flips toward more permission: Forbid → Permit, Confirm → Permit, and Forbid → Confirm (which an approval then
   * permits). A candidate with none widens nothing that was asked.
   */
  widened: number
  /** Flips toward less permission. */
  narrowed: number
  /** Counts per kind of flip, `Forbid→Permit` and so on. */
  transitions: Record<string, number>
  /** Groups by kind and deciding policies, the largest first. */
  groups: FlipGroup[]
  /**
   * Requests decided with the history rebuilt from the records before them, rather than their own (which they
   * did not carry, or summed for other windows than the candidate's limits count). Exact when the records reach
   * back as far as the candidate's longest window before the first of them.
   */
  historyRebuilt: number
}

export type ReplayOptions = {
  /** Examples kept per group; 5 when left out. */
  examplesPerGroup?: number
}
