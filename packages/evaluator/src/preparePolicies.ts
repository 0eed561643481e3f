import intentSchema from '@rampart/schemas/intent.schema.json'
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
  RateLimit,
  SpendingLimit,
} from './generated/policy'
import { prepareRequestTime } from './requestTime'

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
  /**
   * The policies by slot, in policy order: a slot may be empty (a policy removed, or room left to add one), and no
   * bucket then names it (updatePolicySet.ts).
   */
  policies: (PreparedPolicy | undefined)[]
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
export function mapCallCriteria(
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
