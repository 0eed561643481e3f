import type { Decided, DecisionInput, EvaluationRequest, HistoryWindow } from '@rampart/evaluator'
import { refusal } from '@rampart/evaluator'
import type { ClientPolicyState } from './clientPolicyState'
import { historyUnreadable } from './loadHistory'

/**
 * Decides a request with the client's evaluator, by the library's one rule (`Evaluator.decide`). What only the
 * gateway knows is refused here too: a client whose policies could not be loaded, and a history that could not be
 * read (null), for which the decision is a refusal whatever the policies say.
 */
export function decideForClient(
  state: ClientPolicyState,
  input: Omit<DecisionInput, 'historyTotals'> & { historyTotals: HistoryWindow[] | null | undefined },
): Decided {
  const { historyTotals, ...rest } = input
  if (!state.evaluator) {
    const request = {
      action: input.action ?? 'signTransaction',
      principal: input.principal,
    } as EvaluationRequest
    const reason = `The client's policies cannot be loaded: ${state.unavailable}`
    return { decision: refusal('EVALUATOR_UNAVAILABLE', reason), request, userId: undefined }
  }
  const decided = state.evaluator.decide(historyTotals ? { ...rest, historyTotals } : rest)
  // Without the history the limits were not counted: whatever the policies allowed waits for them.
  return historyTotals === null && decided.decision.decision !== 'Forbid'
    ? { ...decided, decision: historyUnreadable() }
    : decided
}
