import type { PreparedPolicySet } from './preparePolicies'

/** How the policy library decided one policy set, in short: policy indexes, not policies. */
export type Verdict =
  | { refusal: 'UNKNOWN_PRINCIPAL' | 'UNKNOWN_RESOURCE' }
  | { effect: 'forbid'; policy: number; matched: number[] }
  | { effect: 'permit' | 'confirm'; policy: number; matched: number[]; approvedBy: string[][] }
  | { effect: 'none'; matched: number[] }

const REFUSALS = new Set(['UNKNOWN_PRINCIPAL', 'UNKNOWN_RESOURCE'])

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const isIndex = (value: unknown, size: number): value is number =>
  Number.isInteger(value) && (value as number) >= 0 && (value as number) < size

function keysAre(value: Record<string, unknown>, keys: readonly string[]): boolean {
  let count = 0
  for (const key in value) {
    if (!keys.includes(key)) return false
    count++
  }
  return count === keys.length
}

// Loops rather than callbacks: these run on every decision.
function isMatched(value: unknown, size: number): value is number[] {
  if (!Array.isArray(value)) return false
  for (const index of value) if (!isIndex(index, size)) return false
  return true
}

function isApprovedBy(value: unknown, requirements: number): value is string[][] {
  if (!Array.isArray(value) || value.length !== requirements) return false
  for (const users of value) {
    if (!Array.isArray(users)) return false
    for (const user of users) if (typeof user !== 'string') return false
  }
  return true
}

/** Whether a value is a well-formed verdict on a policy set: every index names a policy of the set. */
function isVerdict(value: unknown, set: PreparedPolicySet): value is Verdict {
  if (!isRecord(value)) return false
  const size = set.policies.length
  if ('refusal' in value) return keysAre(value, ['refusal']) && REFUSALS.has(value.refusal as string)
  switch (value.effect) {
    case 'none':
      return keysAre(value, ['effect', 'matched']) && isMatched(value.matched, size)
    case 'forbid':
      return (
        keysAre(value, ['effect', 'policy', 'matched']) &&
        isIndex(value.policy, size) &&
        set.policies[value.policy]?.then === 'forbid' &&
        isMatched(value.matched, size) &&
        value.matched.includes(value.policy)
      )
    case 'permit':
    case 'confirm': {
      if (!keysAre(value, ['effect', 'policy', 'matched', 'approvedBy']) || !isIndex(value.policy, size))
        return false
      const policy = set.policies[value.policy]
      if (
        policy?.then !== 'permit' ||
        !isMatched(value.matched, size) ||
        !value.matched.includes(value.policy)
      )
        return false
      const { approvals } = policy
      if (!isApprovedBy(value.approvedBy, approvals.length)) return false
      // A permit has every requirement met, a confirm at least one short.
      let met = true
      for (let k = 0; k < approvals.length; k++)
        if ((value.approvedBy[k]?.length ?? 0) < (approvals[k]?.approvalCount ?? 0)) met = false
      return met === (value.effect === 'permit')
    }
    default:
      return false
  }
}

/**
 * Reads the policy library's result set: one verdict for each requested policy set and nothing else, each
 * naming policies the set has. Anything else is undefined, which the evaluator turns into a refusal.
 */
export function readVerdict(
  result: unknown,
  requested: readonly string[],
  sets: Record<string, PreparedPolicySet>,
): Record<string, Verdict> | undefined {
  if (!Array.isArray(result) || result.length !== 1 || !isRecord(result[0])) return undefined
  const verdicts = result[0].result
  const names = [...new Set(requested)]
  if (!isRecord(verdicts) || !keysAre(verdicts, names)) return undefined
  for (const name of names) {
    const set = sets[name]
    if (!set || !isVerdict(verdicts[name], set)) return undefined
  }
  return verdicts as Record<string, Verdict>
}
