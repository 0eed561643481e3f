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
  /** The candidate buckets, as [set, bucket id]. */
  buckets: [string, string][]
  intent: EvaluationRequest['intent']
  limits: Record<string, LimitTotal> | undefined
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
function resourceScopes(request: EvaluationRequest, entities: PreparedEntities): string[] {
  const scopes = ['*']
  const account = request.resource === undefined ? undefined : entities.accounts[lower(request.resource)]
  if (account) {
    scopes.push(`account:${account.id}`)
    for (const group in account.groups) scopes.push(`accountGroup:${group}`)
  }
  const chainId = request.intent?.chainId
  if (Number.isSafeInteger(chainId)) scopes.push(`chain:${chainId}`)
  return scopes
}

/**
 * The input of one evaluation: the request with ids lowercased, the policy sets to decide with, the buckets of
 * candidate policies the index files under the request's action, intent type and scopes (as [set, bucket id]
 * pairs), and the exact totals of the limits among the candidates. The history itself stays out, and so do the
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
  const buckets: Bucket[] = []
  const refs: [string, string][] = []
  const intentKey = request.intent?.type ?? 'none'
  let scopes: { principal: string[]; resource: string[] } | undefined
  for (const set of sets) {
    const byScope = state.sets[set]?.index[request.action]?.[intentKey]
    if (!byScope) continue
    scopes ??= {
      principal: principalScopes(userId, state.entities),
      resource: resourceScopes(request, state.entities),
    }
    for (const scope of scopes.principal) {
      const byResource = byScope[scope]
      if (byResource)
        for (const resourceScope of scopes.resource) {
          const bucket = byResource[resourceScope]
          if (bucket) {
            buckets.push(bucket)
            refs.push([set, bucket.id])
          }
        }
    }
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
    resource: request.resource === undefined ? undefined : lower(request.resource),
    permissions: request.permissions,
    payload: request.payload,
    algorithm: request.algorithm,
    approvals,
    buckets: refs,
    intent,
    limits: computeLimits(request, buckets, state.entities, userId, now),
  }
}
