import { computeLimits, type LimitTotal, type Valuation } from './computeLimits'
import { type FiatAmountCondition, type FiatThresholds, fiatThresholds } from './fiatInput'
import type { EvaluationRequest } from './generated/evaluationRequest'
import { intentForCandidates } from './intentFields'
import { idShard } from './libraryLayout'
import type { PreparedEntities } from './prepareEntities'
import type { Bucket, PreparedPolicySet } from './preparePolicies'
import { DEFAULT_PRICE_MAX_AGE, PriceBook } from './priceBook'
import { clocksFor, type LocalClock } from './requestTime'

/** What the evaluator has loaded: the data given to the policy library, and the preset ids it knows. */
export interface EvaluationState {
  entities: PreparedEntities
  sets: Record<string, PreparedPolicySet>
  presetIds: Set<string>
  /** The candidates the index picked for the requests met so far (they only change with the data). */
  candidates: CandidatesCache
}

/**
 * Candidates by what picks them: action, intent type, chain and requested presets (one string: enums, an integer
 * and a JSON list), then user id, then account id (undefined when the request names no account of the
 * organization). Maps keyed by the ids themselves, so that no request can make its key collide with another's.
 * Walking the index takes more time than three lookups.
 */
export interface CandidatesCache {
  byKind: Map<string, Map<string | undefined, Map<string | undefined, Candidates>>>
  size: number
}

/** The candidate buckets of a request, their ids per policy set, and the optional intent fields they read. */
export interface Candidates {
  buckets: Bucket[]
  refs: Record<string, string[]>
  intentFields: string[][]
  /** The time zones the candidates read the request's local time in. */
  timeZones: string[]
}

/** At most this many requests' candidates are kept; the cache starts over when full. */
const CANDIDATES_KEPT = 10_000

/** What the policy library reads as `input`. */
export interface PolicyInput {
  action: EvaluationRequest['action']
  principal: string
  /** The policy sets to decide with (the organization's, then each requested preset's); absent for `org` alone. */
  sets: string[] | undefined
  resource: string | undefined
  /** The shard the library holds the resource account in (libraryLayout.ts). */
  accountShard: string | undefined
  permissions: EvaluationRequest['permissions']
  payload: EvaluationRequest['payload']
  algorithm: EvaluationRequest['algorithm']
  approvals: string[] | undefined
  /** The ids of the candidate buckets, per policy set. */
  buckets: Record<string, string[]>
  /** The request's local day and time in each time zone the candidates read (checkRequestTime). */
  clock: Record<string, LocalClock> | undefined
  intent: EvaluationRequest['intent']
  limits: Record<string, LimitTotal> | undefined
  /** The amount conditions in a currency, stated per token in base units at the request's prices. */
  fiat: Record<string, FiatThresholds> | undefined
}

/** The organization's policy set; each preset is the set `preset:<id>`. */
export const ORG = 'org'
export const presetSet = (id: string) => `preset:${id}`

const lower = (value: string) => value.toLowerCase()

/** The scopes a principal's policies are filed under in the index. */
function principalScopes(userId: string | undefined, entities: PreparedEntities): string[] {
  const user = userId === undefined ? undefined : entities.users[userId]
  if (!user) return ['*']
  const scopes = ['*', `user:${userId}`, `role:${user.role}`]
  for (const group in user.groups) scopes.push(`group:${group}`)
  return scopes
}

/** The scopes a request's policies are filed under in the index, for what it acts on. */
function resourceScopes(
  accountId: string | undefined,
  chainId: unknown,
  entities: PreparedEntities,
): string[] {
  const scopes = ['*']
  const account = accountId === undefined ? undefined : entities.accounts[accountId]
  if (account) {
    scopes.push(`account:${account.id}`)
    for (const group in account.groups) scopes.push(`accountGroup:${group}`)
  }
  if (Number.isSafeInteger(chainId)) scopes.push(`chain:${chainId}`)
  return scopes
}

/** Keeps a request's candidates, starting the cache over once it holds CANDIDATES_KEPT of them. */
function keep(
  cache: CandidatesCache,
  kind: string,
  userId: string | undefined,
  account: string | undefined,
  candidates: Candidates,
): void {
  if (cache.size >= CANDIDATES_KEPT) {
    cache.byKind.clear()
    cache.size = 0
  }
  let byUser = cache.byKind.get(kind)
  if (!byUser) {
    byUser = new Map()
    cache.byKind.set(kind, byUser)
  }
  let byAccount = byUser.get(userId)
  if (!byAccount) {
    byAccount = new Map()
    byUser.set(userId, byAccount)
  }
  byAccount.set(account, candidates)
  cache.size++
}

/** Walks the index: the buckets of each policy set under the action, intent type and scopes of a request. */
function pickCandidates(
  action: string,
  intentKey: string,
  sets: readonly string[],
  scopes: () => { principal: string[]; resource: string[] },
  state: EvaluationState,
): Candidates {
  const candidates: Candidates = { buckets: [], refs: {}, intentFields: [], timeZones: [] }
  let picked: { principal: string[]; resource: string[] } | undefined
  for (const set of sets) {
    const byScope = state.sets[set]?.index[action]?.[intentKey]
    if (!byScope) continue
    picked ??= scopes()
    const ids: string[] = []
    for (const scope of picked.principal) {
      const byResource = byScope[scope]
      if (byResource)
        for (const resourceScope of picked.resource) {
          const bucket = byResource[resourceScope]
          if (bucket) {
            candidates.buckets.push(bucket)
            ids.push(bucket.id)
            if (bucket.intentFields.length > 0) candidates.intentFields.push(bucket.intentFields)
            if (bucket.timeZones)
              for (const zone of bucket.timeZones)
                if (!candidates.timeZones.includes(zone)) candidates.timeZones.push(zone)
          }
        }
    }
    if (ids.length > 0) candidates.refs[set] = ids
  }
  return candidates
}

/**
 * The input of one evaluation: the request with ids lowercased, the policy sets to decide with, the buckets of
 * candidate policies the index files under the request's action, intent type and scopes (their ids, per set), and
 * the exact totals of the limits among the candidates. The history itself stays out, and so do the optional intent
 * fields no candidate criterion reads: the input is serialized on every call, so it carries only what the policies
 * read.
 */
export function buildInput(
  request: EvaluationRequest,
  presets: readonly string[],
  state: EvaluationState,
  priceMaxAge: number = DEFAULT_PRICE_MAX_AGE,
): PolicyInput {
  const principal = lower(request.principal)
  const sets = [ORG]
  for (const id of presets) sets.push(presetSet(id))
  let approvals: string[] | undefined
  if (request.approvals !== undefined) {
    approvals = []
    for (const approval of request.approvals) approvals.push(lower(approval))
  }

  const userId = state.entities.users[principal] ? principal : state.entities.credentials[principal]
  const resource = request.resource === undefined ? undefined : lower(request.resource)
  const intentKey = request.intent?.type ?? 'none'
  const chainId = request.intent?.chainId
  const account = resource !== undefined && state.entities.accounts[resource] ? resource : undefined
  // Preset ids are free text: they go into the key as JSON, which no other list of ids writes the same way.
  const cache = state.candidates
  const chain = Number.isSafeInteger(chainId) ? chainId : ''
  const kind = `${request.action} ${intentKey} ${chain}${presets.length === 0 ? '' : ` ${JSON.stringify(presets)}`}`
  const byUser = cache.byKind.get(kind)
  const byAccount = byUser?.get(userId)
  let candidates = byAccount?.get(account)
  if (!candidates) {
    candidates = pickCandidates(
      request.action,
      intentKey,
      sets,
      () => ({
        principal: principalScopes(userId, state.entities),
        resource: resourceScopes(account, chainId, state.entities),
      }),
      state,
    )
    keep(cache, kind, userId, account, candidates)
  }
  const intent =
    request.intent === undefined ? undefined : intentForCandidates(request.intent, candidates.intentFields)
  const now = request.now ?? Math.floor(Date.now() / 1000)
  const valuation = valuationFor(candidates.buckets, request, state, now, priceMaxAge)
  // One object of one shape, built at once: fields left undefined are left out of its JSON.
  return {
    action: request.action,
    principal,
    sets: presets.length === 0 ? undefined : sets,
    resource,
    accountShard: resource === undefined ? undefined : idShard(resource),
    permissions: request.permissions,
    payload: request.payload,
    algorithm: request.algorithm,
    approvals,
    buckets: candidates.refs,
    clock: clocksFor(candidates.timeZones, now),
    intent,
    limits: computeLimits(request, candidates.buckets, state.entities, userId, now, valuation),
    fiat:
      valuation?.conditions === undefined
        ? undefined
        : fiatThresholds(valuation.conditions, request.intent, valuation.book, state.entities.decimals),
  }
}

/**
 * The request's prices, when a candidate values something in a currency (an amount condition or a spending limit):
 * the other requests never read them. Throws PriceUnavailable (through fiatThresholds and computeLimits) when a
 * price they need is missing or stale.
 */
function valuationFor(
  buckets: readonly Bucket[],
  request: EvaluationRequest,
  state: EvaluationState,
  now: number,
  maxAge: number,
): (Valuation & { conditions: FiatAmountCondition[] | undefined }) | undefined {
  let conditions: FiatAmountCondition[] | undefined
  let valued = false
  for (const bucket of buckets) {
    if (bucket.fiat) conditions = conditions ? conditions.concat(bucket.fiat) : bucket.fiat
    if (bucket.valuesInCurrency) valued = true
  }
  if (!conditions && !valued) return undefined
  const book = new PriceBook(request.prices, now, maxAge)
  return { book, decimals: state.entities.decimals, conditions }
}
