import type { EntityIndex } from '@rampart/entities'
import { type Decided, type EvaluationRequest, type Evaluator, refusal } from '@rampart/evaluator'

/** What a client's state decides with: the evaluator without the methods that change it. */
export type DecidingEvaluator = Omit<Evaluator, 'update' | 'updateInSlices' | 'updateEntities'>

const CHANGED =
  "the client's entities or policies kept changing while this request was being decided: send it again to decide it under the new ones"

/**
 * A client's evaluator, which incremental updates change in place (there is one policy library per client, not one
 * per version). Each version of the client's state decides through a view of it bound to that version: once the
 * evaluator has moved on, a request still holding the older state (it was waiting for its history or prices) is
 * refused rather than decided under entities and policies other than those its state, and its log entry, name.
 */
export class LiveEvaluator {
  #generation = 0

  constructor(readonly evaluator: Evaluator) {}

  /** Changes the evaluator (`change` calls update or updateEntities): every view handed out before stops deciding. */
  change(change: (evaluator: Evaluator) => void): void {
    this.#generation++
    change(this.evaluator)
  }

  /**
   * The evaluator as the current version of the state decides with it, and whether the evaluator has moved on from
   * that version since (a decision taken through the view is then a refusal, to be taken again with the new state).
   */
  view(): DecidingEvaluator & { superseded: () => boolean } {
    const generation = this.#generation
    const evaluator = this.evaluator
    const stale = () => this.#generation !== generation
    return {
      superseded: stale,
      decide(input): Decided {
        if (stale())
          return {
            decision: refusal('EVALUATOR_UNAVAILABLE', CHANGED),
            request: {
              action: input.action ?? 'signTransaction',
              principal: input.principal,
            } as EvaluationRequest,
            userId: undefined,
          }
        return evaluator.decide(input)
      },
      accountsFor: (input) => (stale() ? [] : evaluator.accountsFor(input)),
      evaluate: (request, options) =>
        stale() ? refusal('EVALUATOR_UNAVAILABLE', CHANGED) : evaluator.evaluate(request, options),
      evaluateAndAttest: async (request, options) =>
        stale() ? refusal('EVALUATOR_UNAVAILABLE', CHANGED) : evaluator.evaluateAndAttest(request, options),
      get entities(): EntityIndex {
        return evaluator.entities
      },
      get unavailable() {
        return stale() ? CHANGED : evaluator.unavailable
      },
    }
  }
}
