import policySchema from '@rampart/schemas/policy.schema.json'
import type { FiatAmountCondition } from './fiatInput'
import type {
  CheckUserOperationIntents,
  Criterion,
  Policy,
  RateLimit,
  SpendingLimit,
} from './generated/policy'
import { optionalFieldsOf } from './intentFields'
import {
  ACTIONS,
  approvalSetsOf,
  type BucketCriterion,
  type BucketLimit,
  type BucketPolicy,
  CRITERION_FAMILIES,
  INTENT_KEYS,
  mapCallCriteria,
  normalizeCriterion,
  type PreparedPolicy,
} from './preparePolicies'
import type { PreparedRequestTime } from './requestTime'

// One policy prepared on its own, whatever set it is in and wherever: what the policy library reads of it, the
// buckets it is filed in and what it adds to each. A set is then its policies' entries placed in slots
// (updatePolicySet.ts), and an unchanged policy is never prepared again.

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
 * What a policy adds to each bucket it is filed in, whatever its place in the set: the criteria left to check (the
 * index resolves checkAction, checkIntentType and the criteria the policy is filed under, and approvals never affect
 * matching), and what the bucket gathers from them. A limit's key names the policy's slot, so its criteria get the
 * key where the policy is placed (placeFiling).
 */
export interface Filing {
  criteria: BucketCriterion[]
  /** The spending and rate limits: their position in `criteria`, in the policy's criteria (c), and arguments. */
  limits: { at: number; c: number; args: SpendingLimit | RateLimit }[]
  intentFields: string[]
  timeZones: string[]
  fiat: FiatAmountCondition[]
  valuesInCurrency: boolean
}

function filingOf(policy: PreparedPolicy, resolved: readonly number[]): Filing {
  const filing: Filing = {
    criteria: [],
    limits: [],
    intentFields: [],
    timeZones: [],
    fiat: [],
    valuesInCurrency: false,
  }
  const { criteria } = filing
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
      filing.limits.push({ at: criteria.length, c, args: args as SpendingLimit | RateLimit })
      if ((args as SpendingLimit).currency !== undefined) filing.valuesInCurrency = true
      criteria.push([family, kind, args])
    } else criteria.push([family, kind, args])
    if (kind === 'checkRequestTime') {
      const { timeZone } = args as PreparedRequestTime
      if (!filing.timeZones.includes(timeZone)) filing.timeZones.push(timeZone)
    }
    for (const field of optionalFieldsOf(kind))
      if (!filing.intentFields.includes(field)) filing.intentFields.push(field)
    for (const condition of fiatConditionsIn(args))
      if (!filing.fiat.some((known) => known.fiat === condition.fiat)) filing.fiat.push(condition)
  })
  return filing
}

/** A policy's filing at its slot of a set: the bucket's entry for it, and its limits keyed by set, slot and criterion. */
export interface PlacedFiling {
  slot: number
  entry: BucketPolicy
  filing: Filing
  limits: BucketLimit[]
}

export function placeFiling(name: string, slot: number, filing: Filing): PlacedFiling {
  if (filing.limits.length === 0) return { slot, entry: [slot, filing.criteria], filing, limits: [] }
  const criteria = [...filing.criteria]
  const limits: BucketLimit[] = []
  for (const { at, c, args } of filing.limits) {
    const k = `${name}/${slot}/${c}`
    limits.push({ k, a: args })
    criteria[at] = [
      (criteria[at] as BucketCriterion)[0],
      (criteria[at] as BucketCriterion)[1],
      { ...args, key: k },
    ]
  }
  return { slot, entry: [slot, criteria], filing, limits }
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

/** A policy as the policy library reads it (data.sets[name].policies): of a policy, only what a decision reports. */
export type LibraryPolicy = Omit<PreparedPolicy, 'when'>

/** An action and intent type a policy is filed under: as itself, and (a forbid on a call) as a call of a batch. */
export interface Placement {
  action: string
  intentKey: string
  filed: boolean
  call: boolean
}

/** One policy prepared for the policy library, with the token decimals of its amounts. */
export interface PolicyEntry {
  /** What the preparation reads of the policy (its id, effect and criteria), as JSON: the same key, the same entry. */
  key: string
  prepared: PreparedPolicy
  library: LibraryPolicy
  /** What the policy library and the index read of the prepared policy, as JSON. */
  fingerprint: string
  principalScopes: string[]
  resourceScopes: string[]
  placements: Placement[]
  filed: Filing
  /** A forbid on what a call does, as it reads a batch or a user operation (callCriteriaOf). */
  call: Filing | undefined
}

/** The key of a policy's entry: what its preparation reads. Policies differing in anything else prepare alike. */
export const entryKey = (policy: Policy) => JSON.stringify([policy.id, policy.then, policy.when])

/**
 * Prepares one validated policy: criteria normalized (amounts in base units with the entities' token decimals),
 * approvals gathered, the scopes and the actions and intent types it is filed under (the index resolves them once,
 * here), and what it adds to each of its buckets.
 */
export function policyEntry(
  policy: Policy,
  decimals: Record<string, number>,
  key = entryKey(policy),
): PolicyEntry {
  const when = policy.when.map((criterion) => normalizeCriterion(criterion, decimals))
  const { approvals, approvalSets } = approvalSetsOf(when)
  const heldCriteria = policy.when.filter((criterion) => criterion.criterion !== 'checkApprovals')
  // biome-ignore lint/suspicious/noThenProperty: `then` is the policy's effect, as policy.schema.json names it.
  const library: LibraryPolicy = { id: policy.id, then: policy.then, approvals, approvalSets, heldCriteria }
  const prepared: PreparedPolicy = { ...library, when }
  const principal = scopesOf(when, PRINCIPAL_SCOPING)
  const resource = scopesOf(when, RESOURCE_SCOPING)
  const resolved = [principal.scopedBy, resource.scopedBy]
  const calls = callCriteriaOf(prepared)
  const placements: Placement[] = []
  for (const action of ACTIONS) {
    for (const intentKey of INTENT_KEYS) {
      const filed = indexedUnder(prepared, action, intentKey)
      // A forbid on what a call does also meets a batch or user operation with such a call inside.
      const call =
        CALL_CONTAINERS.has(intentKey) && calls !== undefined && indexedUnder(prepared, action, undefined)
      if (filed || call) placements.push({ action, intentKey, filed, call })
    }
  }
  return {
    key,
    prepared,
    library,
    fingerprint: JSON.stringify(prepared),
    principalScopes: principal.scopes,
    resourceScopes: resource.scopes,
    placements,
    filed: filingOf(prepared, resolved),
    call: calls && filingOf(calls, resolved),
  }
}
