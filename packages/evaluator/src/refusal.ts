import type { Decision, Reason } from './generated/decision'

/** A Forbid that no policy decided: the evaluator refuses because it cannot decide safely. */
export function refusal(code: Reason['code'], message: string, errors?: Reason['errors']): Decision {
  return {
    decision: 'Forbid',
    reason: { code, message, ...(errors ? { errors } : {}) },
    matchedPolicies: [],
    approvals: { required: [], missing: [], satisfied: [] },
  }
}
