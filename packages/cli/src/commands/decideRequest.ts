import { decodeRequest } from '@rampart/decoder'
import type { Entities } from '@rampart/entities'
import type { Decision, DecisionInput, Evaluator, HistoryTransfer, PriceTable } from '@rampart/evaluator'
import { readEvaluationInput } from './evaluationInput'

/** Everything about a request beside its body: who asks, for which account, with what approvals, when. */
export interface RequestContext {
  principal?: string
  resource?: string
  approvals?: readonly string[]
  history?: HistoryTransfer[]
  now?: number
  /** Prices for policies that value amounts in a currency. */
  prices?: PriceTable
  /** The chain of a request that names none (a personal message, a user operation). */
  chainId?: number
  presets?: readonly string[]
}

/**
 * The decision with the decoded intent, or why the request could not be put to the evaluator: its body is not a
 * request (`error` then starts with the JSON Pointer of what is wrong), or no principal was given or found.
 */
export type RequestOutcome =
  | { decision: Decision; intent?: unknown }
  | { error: string; part: 'request' | 'principal' }

/** The principal when none is given: the one user the accounts are assigned to, if there is exactly one. */
function assignedUser(entities: Entities, accountIds: readonly string[]): string | undefined {
  const accounts = new Set(accountIds.map((id) => id.toLowerCase()))
  const users = new Set(
    entities.userAccounts
      .filter((link) => accounts.has(link.accountId.toLowerCase()))
      .map((link) => link.userId),
  )
  return users.size === 1 ? [...users][0] : undefined
}

/**
 * Decodes one request body (any form `rampart evaluate` reads, see readEvaluationInput) and decides it by the
 * library's one rule, `Evaluator.decide`: the path `rampart evaluate` and `rampart policies test` share. An
 * error names the JSON Pointer of what is wrong in the body, or says that no principal can be found.
 */
export function decideRequest(evaluator: Evaluator, body: unknown, context: RequestContext): RequestOutcome {
  let input: ReturnType<typeof readEvaluationInput>
  try {
    input = readEvaluationInput(body)
  } catch (error) {
    return { error: (error as Error).message, part: 'request' }
  }
  // Decoded on the chain given, for the requests that name none (a message, a user operation).
  const resolution =
    input.rpc === undefined
      ? undefined
      : decodeRequest(input.rpc, {
          entities: evaluator.entities,
          ...(context.chainId === undefined ? {} : { chainId: context.chainId }),
        })
  const request: Omit<DecisionInput, 'principal'> = {
    ...(resolution ? { decoded: resolution } : {}),
    ...input.direct,
    ...(context.resource ? { resource: context.resource } : {}),
    ...(context.approvals ? { approvals: [...context.approvals] } : {}),
    ...(context.history ? { history: context.history } : {}),
    ...(context.now === undefined ? {} : { now: context.now }),
    ...(context.prices === undefined ? {} : { prices: context.prices }),
    presets: [...new Set([...(context.presets ?? []), ...input.presets])],
  }
  const principal =
    context.principal ?? assignedUser(evaluator.entities.entities, evaluator.accountsFor(request))
  if (!principal) {
    return {
      error: 'no principal given, and the signing account is not assigned to exactly one user',
      part: 'principal',
    }
  }
  const { decision } = evaluator.decide({ ...request, principal })
  const intent = resolution?.intent
  return { decision, ...(intent ? { intent } : {}) }
}
