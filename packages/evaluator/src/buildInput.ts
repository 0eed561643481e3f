import { computeLimits, type LimitTotal } from './computeLimits'
import type { EvaluationRequest } from './generated/evaluationRequest'
import { intentForCandidates } from './intentFields'
import type { PreparedEntities } from './prepareEntities'
import type { Bucket, PreparedPolicySet } from './preparePolicies'

/** What the evaluator has loaded: the data given to the policy library, and the preset ids it knows. */
export interface EvaluationState {
  entities: PreparedEntities
  sets: Record<string, PreparedPolicySet>
  presetIds: Set<string>
  /** The index scopes of each principal and account met so far (they only change with the data). */
  scopes: { principal: Map<string, string[]>; resource: Map<string, string[]> }
}

/** What the policy library reads as `input`. */
export interface PolicyInput {
  action: EvaluationRequest['action']
  principal: string
  /** The policy sets to decide with: the organization's, then each requested preset's. */
  sets: string[]
  resource: string | undefined
  permissions: EvaluationRequest['permissions']
  payload: EvaluationRequest['payload']
  algorithm: EvaluationRequest['algorithm']
  approvals: string[] | undefined
  /** The ids of the candidate buckets, per policy set. */
  buckets: Record<string, string[]>
  intent: EvaluationRequest['intent']
  limits: Record<string, LimitTotal> | undefined
}

/** The organization's policy set; each preset is the set `preset:<id>`. */
export const ORG = 'org'
export const presetSet = (id: string) => `preset:${id}`

const lower = (value: string) => value.toLowerCase()

const ANYONE = ['*']

/** The scopes a principal's policies are filed under in the index. */
function principalScopes(userId: string | undefined, state: EvaluationState): string[] {
  const user = userId === undefined ? undefined : state.entities.users[userId]
  if (!user || userId === undefined) return ANYONE
  let scopes = state.scopes.principal.get(userId)
  if (!scopes) {
    scopes = ['*', `user:${userId}`, `role:${user.role}`]
    for (const group in user.groups) scopes.push(`group:${group}`)
    state.scopes.principal.set(userId, scopes)
  }
  return scopes
}

/** The scopes of an account, and `*`. */
function accountScopes(accountId: string | undefined, state: EvaluationState): string[] {
  const account = accountId === undefined ? undefined : state.entities.accounts[accountId]
  if (!account || accountId === undefined) return ANYONE
  let scopes = state.scopes.resource.get(accountId)
  if (!scopes) {
    scopes = ['*', `account:${account.id}`]
    for (const group in account.groups) scopes.push(`accountGroup:${group}`)
    state.scopes.resource.set(accountId, scopes)
  }
  return scopes
}

/** The scopes a request's policies are filed under in the index, for what it acts on. */
function resourceScopes(request: EvaluationRequest, accountId: string | undefined, state: EvaluationState) {
  const scopes = accountScopes(accountId, state)
  const chainId = request.intent?.chainId
  return Number.isSafeInteger(chainId) ? [...scopes, `chain:${chainId}`] : scopes
}

/**
 * The input of one evaluation: the request with ids lowercased, the policy sets to decide with, the buckets of
 * candidate policies the index files under the request's action, intent type and scopes (their ids, per set), and the exact totals of the limits among the candidates. The history itself stays out, and so do the
 * optional intent fields no candidate criterion reads: the input is serialized on every call, so it carries only
 * what the policies read.
 */
export function buildInput(
  request: EvaluationRequest,
  presets: readonly string[],
  state: EvaluationState,
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
  const buckets: Bucket[] = []
  const refs: Record<string, string[]> = {}
  const intentKey = request.intent?.type ?? 'none'
  let scopes: { principal: string[]; resource: string[] } | undefined
  for (const set of sets) {
    const byScope = state.sets[set]?.index[request.action]?.[intentKey]
    if (!byScope) continue
    scopes ??= {
      principal: principalScopes(userId, state),
      resource: resourceScopes(request, resource, state),
    }
    const ids: string[] = []
    for (const scope of scopes.principal) {
      const byResource = byScope[scope]
      if (byResource)
        for (const resourceScope of scopes.resource) {
          const bucket = byResource[resourceScope]
          if (bucket) {
            buckets.push(bucket)
            ids.push(bucket.id)
          }
        }
    }
    if (ids.length > 0) refs[set] = ids
  }
  let intent: EvaluationRequest['intent']
  if (request.intent !== undefined) {
    const needed: string[][] = []
    for (const bucket of buckets) if (bucket.intentFields.length > 0) needed.push(bucket.intentFields)
    intent = intentForCandidates(request.intent, needed)
  }
  const now = request.now ?? Math.floor(Date.now() / 1000)
  // One object of one shape, built at once: fields left undefined are left out of its JSON.
  return {
    action: request.action,
    principal,
    sets,
    resource,
    permissions: request.permissions,
    payload: request.payload,
    algorithm: request.algorithm,
    approvals,
    buckets: refs,
    intent,
    limits: computeLimits(request, buckets, state.entities, userId, now),
  }
}
