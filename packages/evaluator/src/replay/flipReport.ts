import type { Decision } from '../generated/decision'
import type {
  DecisionKind,
  FlipExample,
  FlipGroup,
  LiveDecision,
  RecordedDecision,
  ReplayReport,
} from './replayTypes'

const SEVERITY: Record<DecisionKind, number> = { Forbid: 0, Confirm: 1, Permit: 2 }

/** Whether a flip gives more permission than the enforced decision did (Forbid → Confirm counts: an approval permits). */
export const widens = (from: DecisionKind, to: DecisionKind): boolean => SEVERITY[to] > SEVERITY[from]

/**
 * Collects the decisions decided again into a report: counts per kind of flip, and the flips grouped by kind and
 * by the policies that decided them live and under the candidate, each group with its first examples.
 */
export class FlipReport {
  private requests = 0
  private unchanged = 0
  private widened = 0
  private narrowed = 0
  private readonly transitions: Record<string, number> = {}
  private readonly groups = new Map<string, FlipGroup>()

  constructor(private readonly examplesPerGroup: number) {}

  add(
    record: Pick<RecordedDecision, 'id' | 'live'>,
    principal: string,
    now: number | undefined,
    decided: Decision,
  ): void {
    this.requests++
    const from = record.live.decision
    const to = decided.decision
    if (from === to) {
      this.unchanged++
      return
    }
    if (widens(from, to)) this.widened++
    else this.narrowed++
    const transition = `${from}→${to}`
    this.transitions[transition] = (this.transitions[transition] ?? 0) + 1
    const livePolicy = record.live.decidingPolicy
    const candidatePolicy = decided.decidingPolicy
    const key = JSON.stringify([from, to, livePolicy ?? null, candidatePolicy ?? null, decided.reason.code])
    let group = this.groups.get(key)
    if (!group) {
      group = {
        from,
        to,
        ...(livePolicy === undefined ? {} : { livePolicy }),
        ...(candidatePolicy === undefined ? {} : { candidatePolicy }),
        reason: decided.reason.code,
        count: 0,
        examples: [],
      }
      this.groups.set(key, group)
    }
    group.count++
    if (group.examples.length < this.examplesPerGroup)
      group.examples.push(example(record.id, principal, now, record.live, decided))
  }

  report(): Omit<ReplayReport, 'historyRebuilt'> {
    const groups = [...this.groups.values()].sort((a, b) => b.count - a.count)
    return {
      requests: this.requests,
      unchanged: this.unchanged,
      flipped: this.widened + this.narrowed,
      widened: this.widened,
      narrowed: this.narrowed,
      transitions: { ...this.transitions },
      groups,
    }
  }
}

function example(
  id: string,
  principal: string,
  now: number | undefined,
  live: LiveDecision,
  decided: Decision,
): FlipExample {
  const liveShown: LiveDecision = { decision: live.decision }
  if (live.decidingPolicy !== undefined) liveShown.decidingPolicy = live.decidingPolicy
  if (live.reason !== undefined) liveShown.reason = live.reason
  return {
    id,
    principal,
    ...(now === undefined ? {} : { now }),
    live: liveShown,
    candidate: {
      decision: decided.decision,
      ...(decided.decidingPolicy === undefined ? {} : { decidingPolicy: decided.decidingPolicy }),
      reason: { code: decided.reason.code, message: decided.reason.message },
    },
  }
}
