import type { ApprovalSet, ApprovalState, Decision, Reason } from './generated/decision'
import type { EvaluationRequest } from './generated/evaluationRequest'
import type { PreparedPolicy, PreparedPolicySet } from './preparePolicies'
import type { Verdict } from './readVerdict'
import { refusal } from './refusal'

const REASONS = {
  UNKNOWN_PRINCIPAL: "The principal is neither a user nor a user's credential.",
  UNKNOWN_RESOURCE: 'The resource is not an account of the organization.',
  FORBIDDEN_BY_POLICY: 'A matching policy forbids the request.',
  PERMITTED: 'A matching policy permits the request.',
  APPROVALS_MISSING: 'A matching policy permits the request once approved.',
  NO_MATCHING_PERMIT: 'No policy permits the request.',
} as const satisfies Partial<Record<Reason['code'], string>>

const reason = (code: keyof typeof REASONS): Reason => ({ code, message: REASONS[code] })

const noApprovals = () => ({ required: [], missing: [], satisfied: [] })

/** One set of approval requirements: who approved each, and how many approvals each still misses. */
function approvalSetReport(states: readonly ApprovalState[], set: readonly number[]): ApprovalSet {
  const report: ApprovalSet = noApprovals()
  for (const k of set) {
    const state = states[k] as ApprovalState
    report.required.push(state)
    ;(state.missing > 0 ? report.missing : report.satisfied).push(state)
  }
  return report
}

const missingOf = (set: ApprovalSet) => set.missing.reduce((total, state) => total + state.missing, 0)

/**
 * Each approval requirement of the deciding permit: who approved it, and how many approvals are missing. A permit
 * offering several sets (checkApprovals with anyOf) reports each under `alternatives`, and in full the first set
 * with the fewest approvals missing (`alternative`): for a Permit, the first set met.
 */
function approvalsReport(policy: PreparedPolicy, approvedBy: readonly string[][]): Decision['approvals'] {
  const states = policy.approvals.map((requirement, k): ApprovalState => {
    const approved = approvedBy[k] ?? []
    return {
      ...requirement,
      policyId: policy.id,
      approvedBy: approved,
      missing: Math.max(0, requirement.approvalCount - approved.length),
    }
  })
  const sets = policy.approvalSets.map((set) => approvalSetReport(states, set))
  if (sets.length === 1) return sets[0] as ApprovalSet
  let alternative = 0
  for (let k = 1; k < sets.length; k++)
    if (missingOf(sets[k] as ApprovalSet) < missingOf(sets[alternative] as ApprovalSet)) alternative = k
  return { ...(sets[alternative] as ApprovalSet), alternatives: sets, alternative }
}

/**
 * Whether a request pays gas (a transaction or a user operation, sent or signed as typed data) without a known maximum fee: a gas fee criterion
 * holds in a forbid for such a request (criteria/transaction.rego, fee_unknown), and its decision says so.
 */
export function feeUnknown(request: EvaluationRequest): boolean {
  return (
    (request.action === 'signTransaction' ||
      request.action === 'signUserOperation' ||
      // A user operation signed as EntryPoint v0.8 typed data.
      (request.action === 'signTypedData' && request.intent?.type === 'userOperation')) &&
    request.intent?.gas?.maxFee === undefined
  )
}

/** The criteria of a deciding forbid as it states them; a gas fee criterion met by an unknown fee says so. */
function heldCriteria(policy: PreparedPolicy, unknownFee: boolean): Decision['heldCriteria'] {
  if (!unknownFee) return policy.heldCriteria
  return policy.heldCriteria.map((criterion) =>
    criterion.criterion === 'checkGasFeeAmount' ? { ...criterion, unknown: true } : criterion,
  )
}

/**
 * The decision on one policy set, spelled out from the policy library's verdict and the policies the evaluator
 * holds, exactly as the library's own `report` rule spells it out (the tests check both agree). `unknownFee` says
 * that the request pays gas without a known maximum fee (feeUnknown).
 */
export function spellOutDecision(verdict: Verdict, set: PreparedPolicySet, unknownFee = false): Decision {
  if ('refusal' in verdict) return refusal(verdict.refusal, REASONS[verdict.refusal])
  const matchedPolicies: string[] = []
  for (const i of verdict.matched) matchedPolicies.push((set.policies[i] as PreparedPolicy).id)
  if (verdict.effect === 'none')
    return {
      decision: 'Forbid',
      reason: reason('NO_MATCHING_PERMIT'),
      matchedPolicies,
      approvals: noApprovals(),
    }
  const policy = set.policies[verdict.policy] as PreparedPolicy
  if (verdict.effect === 'forbid')
    return {
      decision: 'Forbid',
      reason: reason('FORBIDDEN_BY_POLICY'),
      decidingPolicy: policy.id,
      heldCriteria: heldCriteria(policy, unknownFee),
      matchedPolicies,
      approvals: noApprovals(),
    }
  const permit = verdict.effect === 'permit'
  return {
    decision: permit ? 'Permit' : 'Confirm',
    reason: reason(permit ? 'PERMITTED' : 'APPROVALS_MISSING'),
    decidingPolicy: policy.id,
    matchedPolicies,
    approvals: approvalsReport(policy, verdict.approvedBy),
  }
}

/** The organization's decision, with the evaluation of the requested presets when there are any. */
export function spellOutDecisions(
  verdicts: Record<string, Verdict>,
  sets: Record<string, PreparedPolicySet>,
  org: string,
  presets: readonly { id: string; set: string }[],
  unknownFee = false,
): Decision {
  const decision = spellOutDecision(verdicts[org] as Verdict, sets[org] as PreparedPolicySet, unknownFee)
  if (presets.length === 0) return decision
  const outcomes = presets.map(({ id, set }) => ({
    presetId: id,
    outcome: spellOutDecision(verdicts[set] as Verdict, sets[set] as PreparedPolicySet, unknownFee),
  }))
  return {
    ...decision,
    policyEvaluation: {
      expectedBehavior: outcomes.some(({ outcome }) => outcome.decision === 'Permit'),
      matchedPresets: outcomes
        .filter(({ outcome }) => outcome.matchedPolicies.length > 0)
        .map(({ presetId, outcome }) => ({ presetId, matchedPolicies: outcome.matchedPolicies })),
    },
  }
}
