import { canonicalJson } from '../canonicalJson'
import type { EvaluatorIssue } from '../errors'
import { criterionImplies, type StatedCriterion } from './criterionImplies'

/** What a static check warns about; each warning's code is one of these. */
export const policyWarningCodes = {
  'permit-shadowed': 'An earlier permit decides every request this permit matches: it can never decide.',
  'permit-under-forbid': 'A forbid matches every request this permit matches: it can never permit.',
  'permit-unbounded': 'A permit with neither a limit (amount cap, spending or rate limit) nor an approval.',
  'spending-limit-mixed-tokens': 'A spending limit in base units that adds the amounts of several tokens.',
  'typed-data-without-verifying-contract':
    'A permit of typed data that does not name the verifying contracts it may sign for.',
  'policy-set-too-large':
    'The set is too large to compare every pair of policies; the pairwise checks were skipped.',
} as const

export type PolicyWarningCode = keyof typeof policyWarningCodes

/** One warning about a policy set: its code, the JSON Pointer of the policy or criterion, and why. */
export type PolicyWarning = EvaluatorIssue & { code: PolicyWarningCode }

type StatedPolicy = { id?: unknown; then?: unknown; when?: unknown }

export type CheckPolicySetOptions = {
  /**
   * The set is a protocol preset's: a request it permits must be permitted by the organization's own policies too
   * (the least permitted of the sets decides), so its permits need no limit of their own.
   */
  preset?: boolean
}

/** Pairwise checks compare every permit with every policy before it (and every forbid): bounded, to stay quick. */
export const MAX_PAIRWISE_POLICIES = 2000

/** A permit's approvals are its checkApprovals; every other criterion is one the request must meet to match. */
const isApproval = (criterion: StatedCriterion) => criterion.criterion === 'checkApprovals'
const limits = new Set(['checkSpendingLimit', 'checkRateLimit'])

/** A policy's criteria at their indexes in `when` (one that is not a criterion stands as none: it matches nothing). */
function criteriaOf(policy: StatedPolicy): StatedCriterion[] {
  if (!Array.isArray(policy.when)) return []
  return policy.when.map((criterion) =>
    typeof criterion === 'object' && criterion !== null && typeof criterion.criterion === 'string'
      ? (criterion as StatedCriterion)
      : { criterion: '' },
  )
}

/** Whether every request `b` matches, `a` matches too: each of a's match criteria follows from one of b's. */
function matchesWhenever(a: StatedCriterion[], b: StatedCriterion[]): boolean {
  return a.every((criterion) => b.some((other) => criterionImplies(other, criterion)))
}

const nameOf = (policy: StatedPolicy, index: number, base: string) =>
  typeof policy.id === 'string' ? `"${policy.id}" (${base}/${index})` : `${base}/${index}`

/**
 * Static checks of a policy set, as warnings with JSON Pointers (under `base`): what validates but is most likely
 * not what its authors meant. Checks only what it can prove from the policies alone (no entities): a permit shadowed
 * by an earlier one (its match criteria all follow, and it asks for the same approvals or none), a permit dead under
 * a forbid (the forbid's criteria all follow from the permit's), a permit with neither a limit nor an approval, a
 * spending limit summing the raw units of several tokens, and a typed-data permit that names no verifying contract.
 * The decision rule is main.rego's: any matching forbid wins, then the first matching permit whose approvals are
 * met, then the first matching permit.
 */
export function checkPolicySet(
  policies: readonly unknown[],
  base = '',
  options: CheckPolicySetOptions = {},
): PolicyWarning[] {
  const warnings: PolicyWarning[] = []
  const stated = policies.map(
    (policy) => (typeof policy === 'object' && policy !== null ? policy : {}) as StatedPolicy,
  )
  const criteria = stated.map(criteriaOf)
  const matchCriteria = criteria.map((list) => list.filter((criterion) => !isApproval(criterion)))
  const approvals = criteria.map((list) => canonicalJson(list.filter(isApproval)))
  const permits = stated.flatMap((policy, index) => (policy.then === 'permit' ? [index] : []))
  const forbids = stated.flatMap((policy, index) => (policy.then === 'forbid' ? [index] : []))

  if (stated.length <= MAX_PAIRWISE_POLICIES) {
    for (const p of permits) {
      const forbid = forbids.find((f) => matchesWhenever(matchCriteria[f]!, matchCriteria[p]!))
      if (forbid !== undefined) {
        warnings.push({
          code: 'permit-under-forbid',
          path: `${base}/${p}`,
          message: `can never permit: the forbid ${nameOf(stated[forbid]!, forbid, base)} matches every request it matches`,
        })
        continue
      }
      const shadow = permits.find(
        (earlier) =>
          earlier < p &&
          (approvals[earlier] === '[]' || approvals[earlier] === approvals[p]) &&
          matchesWhenever(matchCriteria[earlier]!, matchCriteria[p]!),
      )
      if (shadow !== undefined) {
        warnings.push({
          code: 'permit-shadowed',
          path: `${base}/${p}`,
          message: `can never decide: the earlier permit ${nameOf(stated[shadow]!, shadow, base)} matches every request it matches, with ${approvals[shadow] === '[]' ? 'no approvals' : 'the same approvals'}`,
        })
      }
    }
  } else {
    warnings.push({
      code: 'policy-set-too-large',
      path: base,
      message: `${stated.length} policies: shadowed and dead permits are looked for in sets of up to ${MAX_PAIRWISE_POLICIES}`,
    })
  }

  for (const p of permits) {
    const list = criteria[p]!
    if (!options.preset && !isBounded(list) && movesValue(list)) {
      warnings.push({
        code: 'permit-unbounded',
        path: `${base}/${p}/when`,
        message:
          'permits without a limit or an approval: add an amount cap (checkIntentAmount lte), a spending or rate limit, or checkApprovals',
      })
    }
    addTypedDataWarning(warnings, list, `${base}/${p}/when`)
  }
  stated.forEach((_, index) => {
    criteria[index]!.forEach((criterion, k) => {
      if (criterion.criterion === 'checkSpendingLimit')
        addMixedTokensWarning(warnings, criterion, `${base}/${index}/when/${k}`)
    })
  })
  return warnings
}

/** Whether criteria bound what they permit: an approval, a spending or rate limit, an amount cap (nested ones too). */
function isBounded(list: StatedCriterion[]): boolean {
  return list.some((criterion) => {
    if (isApproval(criterion) || limits.has(criterion.criterion)) return true
    if (criterion.criterion === 'checkIntentAmount') {
      const operator = (criterion.args as { operator?: unknown } | undefined)?.operator
      return operator === 'lt' || operator === 'lte' || operator === 'eq'
    }
    // A batch or user operation whose every call is capped is capped.
    return criterion.criterion === 'checkUserOperationIntents' && Array.isArray(criterion.args)
      ? isBounded(criterion.args as StatedCriterion[])
      : false
  })
}

/** Whether a permit can sign what moves value: anything but a permit of messages (personal_sign) only. */
function movesValue(list: StatedCriterion[]): boolean {
  const action = list.find((criterion) => criterion.criterion === 'checkAction')
  return !(Array.isArray(action?.args) && action.args.every((name) => name === 'signMessage'))
}

/** Whether a permit's criteria let it match typed data: its checkAction names signTypedData. */
function addTypedDataWarning(warnings: PolicyWarning[], list: StatedCriterion[], path: string): void {
  const action = list.findIndex((criterion) => criterion.criterion === 'checkAction')
  const actions = action < 0 ? [] : (list[action]!.args as unknown[])
  if (!Array.isArray(actions) || !actions.includes('signTypedData')) return
  const domain = list.find((criterion) => criterion.criterion === 'checkIntentDomain')
  const contracts = (domain?.args as { verifyingContract?: unknown } | undefined)?.verifyingContract
  if (Array.isArray(contracts) && contracts.length > 0) return
  // A typed-data intent's contract is its verifying contract: checkIntentContract names it too.
  if (list.some((criterion) => criterion.criterion === 'checkIntentContract')) return
  warnings.push({
    code: 'typed-data-without-verifying-contract',
    path: `${path}/${action}`,
    message:
      'permits typed data for any verifying contract: add checkIntentDomain with verifyingContract, or checkIntentContract (a permit signed for an unknown contract can move tokens)',
  })
}

/** A spending limit in base units must count one token: units of USDC (6 decimals) and of ETH (18) do not add. */
function addMixedTokensWarning(warnings: PolicyWarning[], criterion: StatedCriterion, path: string): void {
  const args = (criterion.args ?? {}) as { currency?: unknown; filters?: { tokens?: unknown } }
  if (args.currency !== undefined) return
  const tokens = args.filters?.tokens
  if (Array.isArray(tokens) && tokens.length === 1) return
  warnings.push({
    code: 'spending-limit-mixed-tokens',
    path: Array.isArray(tokens) ? `${path}/args/filters/tokens` : `${path}/args`,
    message: Array.isArray(tokens)
      ? `adds the raw units of ${tokens.length} tokens: give one token per limit, or a currency (fiat:usd) to sum their values`
      : 'adds the raw units of every token moved: filter one token (filters.tokens), or give a currency (fiat:usd) to sum their values',
  })
}
