import type { Decision } from '@rampart/evaluator'

/** A Forbid the gateway makes itself when it cannot get a decision (fail closed). */
export function refusalDecision(code: Decision['reason']['code'], message: string): Decision {
  return {
    decision: 'Forbid',
    reason: { code, message },
    matchedPolicies: [],
    approvals: { required: [], missing: [], satisfied: [] },
  }
}
