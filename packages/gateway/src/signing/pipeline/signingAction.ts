import type { JsonRpcRequest } from '@rampart/decoder'
import type { EvaluationRequest, HistoryTransfer } from '@rampart/evaluator'
import type { SigningRequestRow } from '../../core/database/actionsSchema'
import type { RequestKind } from '../../generated/actions/requestKind'
import type {
  CreateOptions,
  OperationResults,
  ProviderOperation,
  ProviderSession,
  SubmittedRequest,
} from '../../providers/types'
import type { Signer } from '../../resources/resolveSigner'
import type { SigningServices } from './signingServices'

export type EvaluationAction = EvaluationRequest['action']

/**
 * What an action resolved from its body: enough to decide on it and to hand it to the provider. It is stored
 * with the record, so a request approved later resumes exactly as it was decided.
 */
export type Plan = {
  action: EvaluationAction
  signer: Signer
  /** The request as a wallet would send it, decoded into the intent the policies read. */
  rpcRequest?: JsonRpcRequest
  /** For raw signing: the payloads (each decided on) and the algorithm the policies read. */
  payloads?: string[]
  algorithm?: string
  /** Protocol presets to evaluate the request against as well. */
  presets: string[]
  /** Action-specific values the provider call needs (resolved asset, destination, position...). */
  details: Record<string, unknown>
}

export type PlanContext = { services: SigningServices; clientId: string; connectionId: string }

/** The provider's answer for a permitted request: the record's new status and what the API shows of it. */
export type Outcome = {
  status: string
  externalStatus?: string | null
  externalId?: string | null
  result: Record<string, unknown>
  /** What the request moved, counted by spending and rate limits, when the provider knows better than the plan. */
  history?: HistoryTransfer[]
}

/** One signing action (send-transaction, sign-message, transfers, ...): its body, its plan and its provider call. */
export interface SigningAction<
  Body extends { idempotenceId: string },
  Operation extends ProviderOperation = ProviderOperation,
> {
  /**
   * Stable kind stored on records and shown on them (schemas/gateway/actions/requestKind.schema.json); what an
   * approval names; idempotence keys and record ids are unique per kind.
   */
  kind: RequestKind
  /** The record id the client chose in the body, if any. */
  recordIdOf(body: Body): string | undefined
  /** Validates what the schema cannot and resolves the signer; throws 404/422 without recording anything. */
  plan(context: PlanContext, body: Body): Promise<Plan>
  /**
   * Hands the permitted request to the provider, with the idempotency key the request keeps for good (a create
   * repeated after a lost answer sends the same one). An asynchronous custodian may answer that it has the request
   * ({@link SubmittedRequest}): the record stays `processing` and the gateway follows it.
   */
  execute(
    session: ProviderSession,
    plan: Plan,
    body: Body,
    options: CreateOptions,
  ): Promise<Outcome | SubmittedRequest>
  /**
   * The provider operation of the create, for actions a custodian may answer later; actions without one (staking)
   * are always answered at once.
   */
  operation?: Operation
  /** The outcome of the operation's final result, whether the create answered it or following the request did. */
  completed?(plan: Plan, body: Body, result: OperationResults[Operation]): Outcome
  /** The record as the API returns it, but for its `kind` (see {@link recordToApi}). */
  toApi(row: SigningRequestRow): Record<string, unknown>
  /** Reads the provider's current view of a record that reached it (staking positions move on their own). */
  refresh?(session: ProviderSession, row: SigningRequestRow): Promise<Record<string, unknown>>
}

/** A record as the API returns it: the action's view of it, with the kind an approval of it must name. */
export function recordToApi<Body extends { idempotenceId: string }>(
  action: SigningAction<Body>,
  row: SigningRequestRow,
): Record<string, unknown> {
  return { kind: action.kind, ...action.toApi(row) }
}
