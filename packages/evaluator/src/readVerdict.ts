import type { PreparedPolicySet } from './preparePolicies'

/** How the policy library decided one policy set, in short: policy indexes, not policies. */
export type Verdict =
  | { refusal: 'UNKNOWN_PRINCIPAL' | 'UNKNOWN_RESOURCE' }
  | { effect: 'forbid'; policy: number; matched: number[] }
  | { effect: 'permit' | 'confirm'; policy: number; matched: number[]; approvedBy: string[][] }
  | { effect: 'none'; matched: number[] }

const REFUSALS = new Set(['UNKNOWN_PRINCIPAL', 'UNKNOWN_RESOURCE'])

/** Whether a value is the index of a policy of the set: not of an empty slot (updatePolicySet.ts), which none names. */
const isIndex = (value: unknown, set: PreparedPolicySet): value is number =>
  Number.isInteger(value) &&
  (value as number) >= 0 &&
  (value as number) < set.policies.length &&
  set.policies[value as number] !== undefined

/**
 * The matching policies, once each in policy order (the library lists a policy once per bucket it was found in),
 * or undefined unless every index names a policy of the set. Loops rather than callbacks: this runs on every
 * decision.
 */
function matchedOf(value: unknown, set: PreparedPolicySet): number[] | undefined {
  if (!Array.isArray(value)) return undefined
  const matched: number[] = []
  for (const index of value) {
    if (!isIndex(index, set)) return undefined
    if (!matched.includes(index)) matched.push(index)
  }
  return matched.length > 1 ? matched.sort((a, b) => a - b) : matched
}

/** Who approved each requirement: a list of distinct user ids per requirement, as many lists as requirements. */
function isApprovedBy(value: unknown, requirements: number): value is string[][] {
  if (!Array.isArray(value) || value.length !== requirements) return false
  for (const users of value) {
    if (!Array.isArray(users)) return false
    for (const [k, user] of users.entries())
      if (typeof user !== 'string' || users.indexOf(user) !== k) return false
  }
  return true
}

/**
 * Reads the library's verdict on one policy set, an array: [refusal code], ["none"], ["forbid", policy, matching],
 * or ["permit" | "confirm", policy, matching, approvedBy]. Every index must name a policy of the set, the deciding
 * policy must match and have the effect given, a permit or a confirm must have no matching forbid, and a permit
 * must have one set of approval requirements met in full by distinct approvers (a confirm none). Anything else is
 * undefined.
 */
function verdictOf(value: unknown, set: PreparedPolicySet): Verdict | undefined {
  if (!Array.isArray(value)) return undefined
  const [effect, policyIndex, matching, approvedBy] = value as unknown[]
  if (REFUSALS.has(effect as string))
    return value.length === 1 ? { refusal: effect as 'UNKNOWN_PRINCIPAL' | 'UNKNOWN_RESOURCE' } : undefined
  if (effect === 'none') return value.length === 1 ? { effect, matched: [] } : undefined
  if (!isIndex(policyIndex, set)) return undefined
  const policy = set.policies[policyIndex]
  const matched = matchedOf(matching, set)
  if (!policy || !matched?.includes(policyIndex)) return undefined
  if (effect === 'forbid')
    return value.length === 3 && policy.then === 'forbid'
      ? { effect, policy: policyIndex, matched }
      : undefined
  if ((effect !== 'permit' && effect !== 'confirm') || value.length !== 4 || policy.then !== 'permit')
    return undefined
  // A matching forbid always decides.
  for (const index of matched) if (set.policies[index]?.then === 'forbid') return undefined
  const { approvals, approvalSets } = policy
  if (!isApprovedBy(approvedBy, approvals.length)) return undefined
  // A permit needs one set of approvals met in full (a policy without alternatives has one set).
  let met = false
  for (const set of approvalSets) {
    let setMet = true
    for (const k of set) if ((approvedBy[k]?.length ?? 0) < (approvals[k]?.approvalCount ?? 0)) setMet = false
    if (setMet) met = true
  }
  return met === (effect === 'permit') ? { effect, policy: policyIndex, matched, approvedBy } : undefined
}

/**
 * Reads the policy library's result set: one verdict for each requested policy set, in the order requested, and
 * nothing else, each naming policies the set has. Anything else is undefined, which the evaluator turns into a
 * refusal.
 */
export function readVerdict(
  result: unknown,
  requested: readonly string[],
  sets: Record<string, PreparedPolicySet>,
): Record<string, Verdict> | undefined {
  if (!Array.isArray(result) || result.length !== 1) return undefined
  const verdicts = (result[0] as { result?: unknown } | null)?.result
  if (!Array.isArray(verdicts) || verdicts.length !== requested.length) return undefined
  const read: Record<string, Verdict> = {}
  for (let k = 0; k < requested.length; k++) {
    const name = requested[k] as string
    const set = sets[name]
    const verdict = set && verdictOf(verdicts[k], set)
    if (!verdict) return undefined
    read[name] = verdict
  }
  return read
}
