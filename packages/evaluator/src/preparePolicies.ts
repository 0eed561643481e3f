import intentSchema from '@rampart/schemas/intent.schema.json'
import policySchema from '@rampart/schemas/policy.schema.json'
import { baseUnitCondition } from './baseUnitCondition'
import { type FiatAmountCondition, fiatKey } from './fiatInput'
import { toFiatUnits } from './fiatValue'
import type {
  AmountCondition,
  ApprovalRequirement,
  CheckApprovals,
  CheckRequestTime,
  CheckUserOperationIntents,
  Criterion,
  Policy,
  RateLimit,
  SpendingLimit,
} from './generated/policy'
import { optionalFieldsOf } from './intentFields'
import { type PreparedRequestTime, prepareRequestTime } from './requestTime'

export const ACTIONS = [
  'signTransaction',
  'signMessage',
  'signTypedData',
  'signRaw',
  'signUserOperation',
  'grantPermission',
] as const

/** Intent types, from the intent schema; `none` indexes requests without an intent (grantPermission, signRaw). */
export const INTENT_KEYS: readonly string[] = [...intentSchema.$defs.IntentType.enum, 'none']

/**
 * One criterion left to check, as the policy library reads it from a bucket: its family and name (which pick the
 * check) and its arguments. A limit's arguments carry the key of its totals in the input. Tuples, not objects: the
 * library reads them by position, which costs no hashing.
 */
export type BucketCriterion = [family: string, name: string, args: unknown]

/** A candidate policy in a bucket: its index in the policy set and the criteria it still needs to hold. */
export type BucketPolicy = [policy: number, criteria: BucketCriterion[]]

/** A spending or rate limit of a candidate policy: the key of its totals in the input, and its arguments. */
export interface BucketLimit {
  k: string
  a: SpendingLimit | RateLimit
}

/**
 * The family of each criterion a bucket can hold: the policy library picks each check by family
 * (`<family>_holds`), then by name, so a criterion costs a few comparisons, whatever the library offers.
 * checkAction, checkIntentType and checkApprovals are resolved by the index or never affect matching.
 */
export const CRITERION_FAMILIES: Readonly<Record<string, string>> = {
  checkResource: 'request',
  checkPermission: 'request',
  checkPrincipalId: 'principal',
  checkPrincipalRole: 'principal',
  checkPrincipalGroup: 'principal',
  checkAccountId: 'account',
  checkAccountAddress: 'account',
  checkAccountType: 'account',
  checkAccountChainId: 'account',
  checkAccountGroup: 'account',
  checkAccountAssigned: 'account',
  checkSourceId: 'parties',
  checkSourceAddress: 'parties',
  checkSourceAccountType: 'parties',
  checkSourceClassification: 'parties',
  checkDestinationId: 'parties',
  checkDestinationAddress: 'parties',
  checkDestinationAccountType: 'parties',
  checkDestinationClassification: 'parties',
  checkRecipientIsSender: 'parties',
  checkIntentChainId: 'intent',
  checkIntentAmount: 'intent',
  checkIntentContract: 'intent',
  checkIntentToken: 'intent',
  checkIntentSpender: 'intent',
  checkIntentHexSignature: 'intent',
  checkIntentFlags: 'intent',
  checkERC721TokenId: 'tokens',
  checkERC1155TokenId: 'tokens',
  checkERC1155Transfers: 'tokens',
  checkIntentMessage: 'signing',
  checkIntentPayload: 'signing',
  checkIntentAlgorithm: 'signing',
  checkIntentDomain: 'signing',
  checkIntentTypedDataMessage: 'signing',
  checkPermitDeadline: 'transaction',
  checkGasFeeAmount: 'transaction',
  checkNonceExists: 'transaction',
  checkNonceNotExists: 'transaction',
  checkRequestTime: 'calendar',
  checkEntryPointAddress: 'user_operation',
  checkEntryPointId: 'user_operation',
  checkEntryPointAccountType: 'user_operation',
  checkEntryPointClassification: 'user_operation',
  checkUserOperationIntents: 'user_operation',
  // Not a criterion of the policy schema: how a forbid on what a call does reads a batch (callCriteriaOf).
  someCall: 'user_operation',
  checkSpendingLimit: 'limits',
  checkRateLimit: 'limits',
}

/**
 * The candidate policies of one policy set for one action, intent type, principal scope and resource scope, each
 * with the criteria left to check. A request names its buckets to the policy library by id.
 */
export interface Bucket {
  id: string
  policies: BucketPolicy[]
  /** The spending and rate limits among the bucket's criteria, whose totals the evaluator computes. */
  limits: BucketLimit[]
  /** The optional intent fields (OPTIONAL_INTENT_FIELDS) the bucket's criteria read. */
  intentFields: string[]
  /** The time zones whose local time the bucket's criteria read (checkRequestTime): input.clock carries them. */
  timeZones?: string[]
  /** The amount conditions in a currency among the bucket's criteria, at any depth: input.fiat states them. */
  fiat?: FiatAmountCondition[]
  /** Whether a spending limit of the bucket sums values in a currency (so the request's prices are needed). */
  valuesInCurrency?: true
}

export interface PreparedPolicy {
  id: string
  then: 'permit' | 'forbid'
  /** The criteria as the policy library reads them: amounts in base units, addresses and ids in lowercase. */
  when: Criterion[]
  approvals: ApprovalRequirement[]
  /**
   * The sets of approvals any one of which is enough, each as the indexes of its requirements in `approvals`: one set
   * of all of them without alternatives (an empty one when the policy asks for none).
   */
  approvalSets: number[][]
  /** The criteria as the policy states them, but checkApprovals: what a forbid it decides reports as held. */
  heldCriteria: Criterion[]
}

/** A policy set: what the policy library reads (data.sets[name]), and the index the evaluator picks buckets with. */
export interface PreparedPolicySet {
  policies: PreparedPolicy[]
  /** Every bucket by its id: the policy library's view of the index. */
  buckets: Record<string, Bucket>
  /**
   * Action, then intent type, then principal scope (`*`, `user:<id>`, `group:<id>` or `role:<role>`), then
   * resource scope (`*`, `account:<id>`, `accountGroup:<id>` or `chain:<chainId>`). Only the evaluator reads it.
   */
  index: Record<string, Record<string, Record<string, Record<string, Bucket>>>>
}

/** Decimals of the native currency of EVM chains. */
const NATIVE_DECIMALS = 18

const lower = (value: string) => value.toLowerCase()
const lowerAll = (values: unknown) => (values as string[]).map(lower)

/** Criteria whose arguments are ids, addresses, CAIP-19 ids or selectors: all compared in lowercase. */
const LOWERCASE_LISTS = new Set([
  'checkResource',
  'checkPrincipalId',
  'checkPrincipalGroup',
  'checkAccountId',
  'checkAccountAddress',
  'checkAccountGroup',
  'checkSourceId',
  'checkSourceAddress',
  'checkDestinationId',
  'checkDestinationAddress',
  'checkIntentContract',
  'checkIntentToken',
  'checkIntentSpender',
  'checkIntentHexSignature',
  'checkERC721TokenId',
  'checkERC1155TokenId',
  'checkEntryPointAddress',
  'checkEntryPointId',
])

const LIMIT_FILTER_LISTS = [
  'tokens',
  'users',
  'resources',
  'destinations',
  'userGroups',
  'accountGroups',
] as const

/**
 * Puts a criterion's arguments in the form the policy library compares: lowercase where comparison is
 * case-insensitive, defaults filled in, and `null` for criteria without arguments.
 */
export function normalizeCriterion(criterion: Criterion, decimals: Record<string, number>): Criterion {
  const { criterion: name } = criterion
  const args = (criterion as { args?: unknown }).args
  const withArgs = (value: unknown) => ({ criterion: name, args: value }) as Criterion
  if (LOWERCASE_LISTS.has(name)) return withArgs(lowerAll(args))
  switch (name) {
    case 'checkAccountAssigned':
    case 'checkNonceExists':
    case 'checkNonceNotExists':
    case 'checkRecipientIsSender':
      return withArgs(null)
    case 'checkIntentAmount':
      return withArgs(amountInBaseUnits(args as AmountCondition, decimals))
    case 'checkERC1155Transfers':
      return withArgs(
        (args as { tokenId: string }[]).map((item) => ({ ...item, tokenId: lower(item.tokenId) })),
      )
    case 'checkIntentPayload': {
      const condition = args as { operator: string; value: string }
      return withArgs({ ...condition, value: lower(condition.value) })
    }
    case 'checkIntentDomain': {
      const domain = { ...(args as Record<string, unknown>) }
      if (domain.verifyingContract) domain.verifyingContract = lowerAll(domain.verifyingContract)
      return withArgs(domain)
    }
    case 'checkApprovals': {
      const lowerIds = (requirements: ApprovalRequirement[]) =>
        requirements.map((requirement) =>
          requirement.approvalEntityType === 'userRole'
            ? requirement
            : { ...requirement, entityIds: lowerAll(requirement.entityIds) },
        )
      const approvals = args as CheckApprovals['args']
      return withArgs(
        Array.isArray(approvals) ? lowerIds(approvals) : { anyOf: approvals.anyOf.map(lowerIds) },
      )
    }
    case 'checkSpendingLimit':
    case 'checkRateLimit': {
      const limit = args as { filters?: Record<string, unknown> }
      const filters = { ...limit.filters }
      for (const key of LIMIT_FILTER_LISTS) if (filters[key]) filters[key] = lowerAll(filters[key])
      // A limit in a currency is compared with a total in millionths of it (computeLimits): so is the limit.
      const { currency } = args as { currency?: string }
      if (name === 'checkSpendingLimit' && currency !== undefined) {
        const scaled = toFiatUnits((args as SpendingLimit).limit).toString()
        return withArgs({ operator: 'lte', ...limit, filters, limit: scaled })
      }
      return withArgs({ operator: 'lte', ...limit, filters })
    }
    case 'checkRequestTime':
      return withArgs(prepareRequestTime(args as CheckRequestTime['args']))
    case 'checkUserOperationIntents':
      return withArgs(
        mapCallCriteria(args as CheckUserOperationIntents['args'], (inner) =>
          normalizeCriterion(inner, decimals),
        ),
      )
    default:
      return criterion
  }
}

/**
 * Maps the criteria checkUserOperationIntents puts on each call: a list every call meets, or condition sets grouped
 * per call type (`anyOf`), each call meeting one set. The library reads both (criteria/userOperation.rego,
 * call_meets), the sets as `{anyOf: [{types, when}]}` with `when` always given.
 */
function mapCallCriteria(
  args: CheckUserOperationIntents['args'],
  map: (inner: Criterion) => Criterion,
): CheckUserOperationIntents['args'] {
  if (Array.isArray(args)) return args.map(map) as CheckUserOperationIntents['args']
  return {
    anyOf: args.anyOf.map((set) => ({ types: set.types, when: (set.when ?? []).map(map) })),
  } as CheckUserOperationIntents['args']
}

/** The most alternative sets of approvals a policy may offer: each is checked on every decision it makes. */
export const MAX_APPROVAL_SETS = 64

/**
 * A policy's approval requirements and the sets any one of which is enough. Each checkApprovals must be met: a list
 * is one set, `anyOf` several, so the policy's sets are every combination of one set per criterion (at most
 * MAX_APPROVAL_SETS, which validation checks). Requirements are listed once each, in the order the policy states
 * them, and the sets name them by index: the policy library counts who approved each requirement once.
 */
export function approvalSetsOf(when: readonly Criterion[]): {
  approvals: ApprovalRequirement[]
  approvalSets: number[][]
} {
  const approvals: ApprovalRequirement[] = []
  let approvalSets: number[][] = [[]]
  for (const criterion of when) {
    if (criterion.criterion !== 'checkApprovals') continue
    const alternatives = Array.isArray(criterion.args) ? [criterion.args] : criterion.args.anyOf
    const indexes = alternatives.map((requirements) =>
      requirements.map((requirement) => approvals.push(requirement) - 1),
    )
    approvalSets = approvalSets.flatMap((set) => indexes.map((alternative) => [...set, ...alternative]))
  }
  return { approvals, approvalSets }
}

/**
 * States an amount condition in base units: once for a base-unit condition; for a token-unit one, per token of the
 * entities (by their decimals) and for the native currency.
 */
function amountInBaseUnits(condition: AmountCondition, decimals: Record<string, number>) {
  const { operator, value, currency } = condition
  // A value in a currency depends on each request's prices: the evaluator states it per request (fiatInput.ts).
  if (currency !== undefined)
    return {
      fiat: fiatKey(currency, operator, value),
      currency,
      operator,
      value,
    } satisfies FiatAmountCondition
  if (condition.unit !== 'token') return { base: baseUnitCondition(operator, value, 0) }
  const byToken: Record<string, unknown> = {}
  for (const [token, places] of Object.entries(decimals))
    byToken[token] = baseUnitCondition(operator, value, places)
  return { byToken, native: baseUnitCondition(operator, value, NATIVE_DECIMALS) }
}

/** The principal criteria a policy is filed under, most selective first; `*` when it names no principal. */
const PRINCIPAL_SCOPING = [
  ['checkPrincipalId', 'user'],
  ['checkPrincipalGroup', 'group'],
  ['checkPrincipalRole', 'role'],
] as const

/**
 * The criteria on what a request acts on that a policy is filed under, most selective first; `*` when it names
 * none of them. Vault policies (account groups) and chain-bound policies then only meet requests they can apply to.
 */
const RESOURCE_SCOPING = [
  ['checkAccountId', 'account'],
  ['checkAccountGroup', 'accountGroup'],
  ['checkIntentChainId', 'chain'],
] as const

/** One scoping of a policy: the keys it is filed under, and the criterion those keys resolve (-1 for `*`). */
interface Scoping {
  scopes: string[]
  scopedBy: number
}

function scopesOf(when: readonly Criterion[], scoping: readonly (readonly [string, string])[]): Scoping {
  for (const [name, prefix] of scoping) {
    const scopedBy = when.findIndex((criterion) => criterion.criterion === name)
    if (scopedBy >= 0) {
      const values = argsOf(when[scopedBy] as Criterion) as (string | number)[]
      // A chain id key must read as the library writes it (format_int): integers beyond 2^53 stay unindexed.
      if (prefix === 'chain' && !values.every((value) => Number.isSafeInteger(value))) continue
      return { scopes: [...new Set(values.map((value) => `${prefix}:${value}`))], scopedBy }
    }
  }
  return { scopes: ['*'], scopedBy: -1 }
}

function argsOf(criterion: Criterion): unknown {
  return (criterion as { args?: unknown }).args
}

/**
 * Whether a policy can match a request with this action and intent type, judged by its index criteria alone
 * (the action alone when the intent type is undefined).
 */
function indexedUnder(policy: PreparedPolicy, action: string, intentKey: string | undefined): boolean {
  return policy.when.every((criterion) => {
    if (criterion.criterion === 'checkAction') return (argsOf(criterion) as string[]).includes(action)
    if (criterion.criterion === 'checkIntentType' && intentKey !== undefined)
      return (argsOf(criterion) as string[]).includes(intentKey)
    return true
  })
}

/** Intents that carry calls: a forbid on what a call does meets them when one of their calls does it. */
const CALL_CONTAINERS = new Set(['batch', 'userOperation'])

/** The criteria on what one call does: those checkUserOperationIntents can put on each call. */
const CALL_CRITERIA = new Set(
  (policySchema.$defs.IntentCriterion.properties.criterion.enum as string[]).filter(
    (name) => name !== 'checkIntentChainId',
  ),
)

/** Stands in the place of a criterion moved into someCall, so that the others keep their positions. */
const ON_CALL = 'onCall'

/**
 * A forbid that speaks of what a call does, as it reads a batch or a user operation: its other criteria, in their
 * places, and `someCall` with those on the call (one call inside must meet them all). Undefined for permits and
 * for forbids that say nothing of a call, which already meet batches as they meet any request.
 */
function callCriteriaOf(policy: PreparedPolicy): PreparedPolicy | undefined {
  if (policy.then !== 'forbid') return undefined
  const onCall = policy.when.filter((criterion) => CALL_CRITERIA.has(criterion.criterion))
  if (onCall.length === 0) return undefined
  const when = policy.when.map((criterion) =>
    CALL_CRITERIA.has(criterion.criterion) ? ({ criterion: ON_CALL } as unknown as Criterion) : criterion,
  )
  const someCall = { criterion: 'someCall', args: onCall.map(anyAllowanceInForbid) } as unknown as Criterion
  return { ...policy, when: [...when, someCall] }
}

/**
 * Criteria that judge each allowance of an intent granting several (a Permit2 batch), each transfer of an ERC-1155
 * batch (checkERC1155TokenId; in a forbid, the NFT token id criteria also meet any transfer an intent lists, such as
 * a Seaport order's), or each time bound of a permit, its deadline and its allowances' expirations
 * (checkPermitDeadline): in a permit every one must meet them, in a forbid one is enough, which the policy library
 * reads as anyAllowance:<criterion> (criteria/intent.rego, tokens.rego, transaction.rego), at the top level
 * and among the criteria a forbid's checkUserOperationIntents puts on each call (criteria/userOperation.rego).
 */
const ANY_ALLOWANCE_IN_FORBIDS = new Set([
  'checkIntentAmount',
  'checkIntentToken',
  'checkERC721TokenId',
  'checkERC1155TokenId',
  'checkPermitDeadline',
])

/**
 * Criteria that, in a forbid, also hold when what they judge cannot be known, which the policy library reads as
 * orUnknown:<criterion> (criteria/transaction.rego, calendar.rego): checkGasFeeAmount, on a request that pays gas (a
 * transaction or a user operation) without a known maximum fee; checkRequestTime, when the request's local time
 * could not be computed. A forbid fails closed; a permit still needs what it reads known.
 */
const UNKNOWN_HOLDS_IN_FORBIDS = new Set(['checkGasFeeAmount', 'checkRequestTime'])

/**
 * Criteria on each permission a grantPermission request asks for: in a permit every one must be listed (and there
 * must be one), so a read-only permit cannot carry a delete along; in a forbid one is enough, so no forbidden
 * permission hides among allowed ones. The policy library reads the forbid's as anyPermission:<criterion>
 * (criteria/request.rego).
 */
const ANY_PERMISSION_IN_FORBIDS = new Set(['checkPermission'])

/** A call's criterion as a forbid's checkUserOperationIntents reads it: one allowance is enough there too. */
function anyAllowanceInForbid(inner: Criterion): Criterion {
  return ANY_ALLOWANCE_IN_FORBIDS.has(inner.criterion)
    ? ({ ...inner, criterion: `anyAllowance:${inner.criterion}` } as unknown as Criterion)
    : inner
}

/**
 * Adds a policy to a bucket with the criteria left to check: the index resolves checkAction, checkIntentType and
 * the criteria the policy is filed under, and approvals never affect matching.
 */
function fileUnder(
  bucket: Bucket,
  name: string,
  policy: PreparedPolicy,
  p: number,
  resolved: readonly number[],
): void {
  const criteria: BucketCriterion[] = []
  policy.when.forEach((criterion, c) => {
    const kind = criterion.criterion
    if (
      resolved.includes(c) ||
      (kind as string) === ON_CALL ||
      kind === 'checkAction' ||
      kind === 'checkIntentType' ||
      kind === 'checkApprovals'
    )
      return
    const family = CRITERION_FAMILIES[kind]
    // Validated policies only name known criteria; an unknown one must never be dropped, which would widen a policy.
    if (family === undefined) throw new Error(`criterion ${kind} has no family in the policy library`)
    const args = argsOf(criterion) ?? null
    if (policy.then === 'forbid' && ANY_ALLOWANCE_IN_FORBIDS.has(kind)) {
      criteria.push([family, `anyAllowance:${kind}`, args])
    } else if (policy.then === 'forbid' && UNKNOWN_HOLDS_IN_FORBIDS.has(kind)) {
      criteria.push([family, `orUnknown:${kind}`, args])
    } else if (policy.then === 'forbid' && ANY_PERMISSION_IN_FORBIDS.has(kind)) {
      criteria.push([family, `anyPermission:${kind}`, args])
    } else if (policy.then === 'forbid' && kind === 'checkUserOperationIntents') {
      criteria.push([
        family,
        kind,
        mapCallCriteria(args as CheckUserOperationIntents['args'], anyAllowanceInForbid),
      ])
    } else if (kind === 'checkSpendingLimit' || kind === 'checkRateLimit') {
      const k = `${name}/${p}/${c}`
      bucket.limits.push({ k, a: args as SpendingLimit | RateLimit })
      if ((args as SpendingLimit).currency !== undefined) bucket.valuesInCurrency = true
      criteria.push([family, kind, { ...(args as object), key: k }])
    } else criteria.push([family, kind, args])
    if (kind === 'checkRequestTime') {
      const { timeZone } = args as PreparedRequestTime
      bucket.timeZones ??= []
      if (!bucket.timeZones.includes(timeZone)) bucket.timeZones.push(timeZone)
    }
    for (const field of optionalFieldsOf(kind))
      if (!bucket.intentFields.includes(field)) bucket.intentFields.push(field)
    for (const condition of fiatConditionsIn(args)) {
      bucket.fiat ??= []
      if (!bucket.fiat.some((known) => known.fiat === condition.fiat)) bucket.fiat.push(condition)
    }
  })
  bucket.policies.push([p, criteria])
}

/**
 * The currency amount conditions in a criterion's normalized arguments, at any depth (the calls' criteria of
 * checkUserOperationIntents hold them too). Only amount conditions carry a `fiat` key.
 */
function fiatConditionsIn(args: unknown): FiatAmountCondition[] {
  const found: FiatAmountCondition[] = []
  const pending: unknown[] = [args]
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if (next === null || typeof next !== 'object') continue
    if (typeof (next as { fiat?: unknown }).fiat === 'string') found.push(next as FiatAmountCondition)
    else for (const value of Object.values(next)) pending.push(value)
  }
  return found
}

/**
 * Prepares validated policies for the policy library: criteria normalized (amounts in base units with the
 * entities' token decimals), approvals gathered per policy, and an index from action, intent type and principal
 * scope and resource scope to the candidate policies, each with the criteria left to check. The index resolves
 * checkAction, checkIntentType and the principal and resource criteria a policy is filed under once, here, so an
 * evaluation only checks the remaining criteria of the policies that can apply to its principal and resource.
 */
export function preparePolicySet(
  name: string,
  policies: readonly Policy[],
  decimals: Record<string, number>,
): PreparedPolicySet {
  const prepared: PreparedPolicy[] = policies.map((policy) => {
    const when = policy.when.map((criterion) => normalizeCriterion(criterion, decimals))
    const { approvals, approvalSets } = approvalSetsOf(when)
    const heldCriteria = policy.when.filter((criterion) => criterion.criterion !== 'checkApprovals')
    // biome-ignore lint/suspicious/noThenProperty: `then` is the policy's effect, as policy.schema.json names it.
    return { id: policy.id, then: policy.then, when, approvals, approvalSets, heldCriteria }
  })
  const scoped = prepared.map((policy) => ({
    principal: scopesOf(policy.when, PRINCIPAL_SCOPING),
    resource: scopesOf(policy.when, RESOURCE_SCOPING),
  }))
  const calls = prepared.map(callCriteriaOf)
  const index: PreparedPolicySet['index'] = {}
  const buckets: PreparedPolicySet['buckets'] = {}
  let bucketCount = 0
  for (const action of ACTIONS) {
    const byIntent: PreparedPolicySet['index'][string] = {}
    for (const intentKey of INTENT_KEYS) {
      const byScope: Record<string, Record<string, Bucket>> = {}
      prepared.forEach((policy, p) => {
        const filed = indexedUnder(policy, action, intentKey)
        // A forbid on what a call does also meets a batch or user operation with such a call inside.
        const call = CALL_CONTAINERS.has(intentKey) && calls[p] && indexedUnder(policy, action, undefined)
        if (!filed && !call) return
        const { principal, resource } = scoped[p] as { principal: Scoping; resource: Scoping }
        for (const scope of principal.scopes) {
          for (const resourceScope of resource.scopes) {
            byScope[scope] ??= {}
            const byResource = byScope[scope]
            if (!byResource[resourceScope]) {
              const id = String(bucketCount++)
              byResource[resourceScope] = { id, policies: [], limits: [], intentFields: [] }
              buckets[id] = byResource[resourceScope]
            }
            const resolved = [principal.scopedBy, resource.scopedBy]
            if (filed) fileUnder(byResource[resourceScope], name, policy, p, resolved)
            if (call) fileUnder(byResource[resourceScope], name, calls[p] as PreparedPolicy, p, resolved)
          }
        }
      })
      if (Object.keys(byScope).length > 0) byIntent[intentKey] = byScope
    }
    index[action] = byIntent
  }
  return { policies: prepared, buckets, index }
}
