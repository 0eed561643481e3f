import type { EntityIndex } from '@rampart/entities'
import { actionForMethod } from './actionForMethod'
import { decoderErrorRefusal } from './decoderErrorOf'
import type { Decision } from './generated/decision'
import type { EvaluationRequest, HistoryTransfer, HistoryWindow, Intent } from './generated/evaluationRequest'
import type { PreparedEntities } from './prepareEntities'
import { refusal } from './refusal'
import { boundToNoChain, type Signer, signerAccounts } from './signerAccounts'

export type { Signer }

/**
 * One signing request to decide, as it comes in. A JSON-RPC request is decoded first (`decodeRequest` or
 * `decodeIntent` of @rampart/decoder: pass what it returns as `decoded`); the evaluator never decodes, so that
 * evaluating alone does not load the decoder and viem.
 */
export interface DecisionInput {
  /** Who asks: a user id, or the id (or `kid`) of one of a user's credentials. */
  principal: string
  /** The decoded JSON-RPC request: its method names the action, its intent is what the policies read. */
  decoded?: { action: string; intent: Intent }
  /** The action of a request that has no JSON-RPC form: `signRaw` or `grantPermission`. */
  action?: EvaluationRequest['action']
  /**
   * The key that would sign. Defaults to the intent's `from` on the intent's chain. The accounts it acts for are
   * the resources decided for (see signerAccounts).
   */
  signer?: Signer
  /** The account that signs, by id, when the caller knows it: decided for it alone, instead of the signer's. */
  resource?: string
  /** For grantPermission: the permissions asked for. */
  permissions?: string[]
  /** For signRaw: each payload to sign (0x hex), each decided on. */
  payloads?: string[]
  /** For signRaw: the signing algorithm. */
  algorithm?: string
  /** User or credential ids whose approval of this request has been verified. */
  approvals?: string[]
  /** Past transfers that spending and rate limits count. */
  history?: HistoryTransfer[]
  /** Past transfers already summed per window start (see EvaluationRequest.historyTotals), counted beside history. */
  historyTotals?: HistoryWindow[]
  /** Evaluation time, unix seconds; the clock when left out. */
  now?: number
  /** Protocol presets to evaluate the request against as well. */
  presets?: readonly string[]
  /**
   * Prices by CAIP-19 asset id and currency, for criteria and limits in a currency (see evaluationRequest.schema.json
   * PriceTable). Only requests that a candidate policy values need them; a needed one missing or stale is a refusal.
   */
  prices?: EvaluationRequest['prices']
}

/** A decision, with the evaluation request it was made on (what an attestation hashes, what history records). */
export interface Decided {
  decision: Decision
  request: EvaluationRequest
  /** The principal's user id, as the organization writes it; undefined when the principal is nobody it knows. */
  userId: string | undefined
}

type Evaluate = (request: EvaluationRequest, options?: { presets?: readonly string[] }) => Decision

const SEVERITY: Record<Decision['decision'], number> = { Forbid: 0, Confirm: 1, Permit: 2 }

/**
 * The rule from a signing request to one decision, the same for every caller (the gateway, `/evaluate`, the CLI,
 * an embedder): the method's action, a refusal of what the decoder could not read, the accounts the signer acts
 * for (an unknown signer is refused), one evaluation per account and per raw payload, and the least permitted of
 * them (Forbid, then Confirm, then Permit; the first in order among equals). Never throws.
 */
export function decide(
  evaluate: Evaluate,
  entities: { prepared: PreparedEntities; index: EntityIndex },
  input: DecisionInput,
): Decided {
  const userId = userOf(entities, input?.principal)
  const base = baseRequest(input)
  if ('refused' in base) return { decision: base.refused, request: base.request, userId }
  const { request } = base
  const resources = resourcesOf(entities, input, request)
  if ('refused' in resources) return { decision: resources.refused, request, userId }

  const requests: EvaluationRequest[] = []
  for (const resource of resources.ids) {
    if (input.payloads === undefined) requests.push(evaluationRequest(input, request.action, resource))
    else
      for (const payload of input.payloads)
        requests.push(evaluationRequest(input, request.action, resource, payload))
  }
  if (requests.length === 0) {
    return { decision: refusal('INVALID_REQUEST', 'signRaw needs at least one payload'), request, userId }
  }
  const options = input.presets === undefined ? undefined : { presets: input.presets }
  let worst: EvaluationRequest | undefined
  let worstDecision: Decision | undefined
  for (const each of requests) {
    const decision = evaluate(each, options)
    if (!worstDecision || SEVERITY[decision.decision] < SEVERITY[worstDecision.decision]) {
      worst = each
      worstDecision = decision
      if (decision.decision === 'Forbid') break
    }
  }
  return { decision: worstDecision!, request: worst!, userId }
}

/**
 * The evaluation request for one account and payload. Built field by field on a fresh literal: V8 gives an object
 * made by spreading another a layout that the evaluator then reads about 20% slower.
 */
function evaluationRequest(
  input: DecisionInput,
  action: EvaluationRequest['action'],
  resource?: string,
  payload?: string,
): EvaluationRequest {
  const request = { action, principal: input?.principal } as EvaluationRequest
  if (resource !== undefined) request.resource = resource
  if (input?.decoded) request.intent = input.decoded.intent
  if (input?.permissions !== undefined) request.permissions = input.permissions
  if (payload !== undefined) request.payload = payload
  if (input?.algorithm !== undefined) request.algorithm = input.algorithm
  if (input?.approvals !== undefined) request.approvals = input.approvals
  if (input?.history !== undefined) request.history = input.history
  if (input?.historyTotals !== undefined) request.historyTotals = input.historyTotals
  if (input?.now !== undefined) request.now = input.now
  if (input?.prices !== undefined) request.prices = input.prices
  return request
}

/** The evaluation request of the request itself (no account yet), or the refusal of one that names no action. */
function baseRequest(
  input: DecisionInput,
): { request: EvaluationRequest } | { refused: Decision; request: EvaluationRequest } {
  const decoded = input?.decoded
  const action = decoded ? actionForMethod(String(decoded.action)) : input?.action
  const request = evaluationRequest(input, action as EvaluationRequest['action'])
  // What the decoder could not read is refused before anything else, whatever its method or signer.
  const undecoded = decoded ? decoderErrorRefusal(decoded.intent) : undefined
  if (undecoded) return { refused: undecoded, request }
  if (decoded && input.action !== undefined && input.action !== action) {
    const message = `the action ${input.action} is not the action of ${decoded.action}`
    return { refused: refusal('INVALID_REQUEST', message, [{ path: '/action', message }]), request }
  }
  if (action === undefined) {
    const message = decoded
      ? `${JSON.stringify(String(decoded.action).slice(0, 64))} is not a signing method policies decide on`
      : 'the request names no action and no decoded JSON-RPC request'
    return { refused: refusal('INVALID_REQUEST', message, [{ path: '/action', message }]), request }
  }
  return { request }
}

/**
 * The accounts a request is decided for, by the rule decide follows: the one the caller named, the accounts its
 * signer acts for, or none (a grant; a signer on a network without EIP-155 chain id that no account lists). Empty
 * when the request would be refused before any account is looked at, or its signer is unknown.
 */
export function accountsFor(
  entities: { prepared: PreparedEntities; index: EntityIndex },
  input: Omit<DecisionInput, 'principal'>,
): string[] {
  const base = baseRequest({ ...input, principal: '' })
  if ('refused' in base) return []
  const resources = resourcesOf(entities, input, base.request)
  return 'refused' in resources ? [] : resources.ids.filter((id) => id !== undefined)
}

/** The accounts to decide for: the one the caller named, the signer's, or none (a grant, a non-EVM signer). */
function resourcesOf(
  entities: { prepared: PreparedEntities; index: EntityIndex },
  input: Omit<DecisionInput, 'principal'>,
  request: EvaluationRequest,
): { ids: (string | undefined)[] } | { refused: Decision } {
  if (input.resource !== undefined) return { ids: [input.resource] }
  // A grant gives the principal permissions; no key signs anything.
  if (request.action === 'grantPermission') return { ids: [undefined] }
  const signer = input.signer ?? signerOfIntent(request.intent)
  if (!signer || typeof signer.address !== 'string') {
    return {
      refused: refusal(
        'UNKNOWN_RESOURCE',
        'The request names no signer: give the sender (from) or the signing account.',
      ),
    }
  }
  const found = signerAccounts(entities.prepared, signer, boundToNoChain(request))
  if ('unknown' in found) {
    const where = signer.chainId === null || boundToNoChain(request) ? '' : ` on chain ${signer.chainId}`
    return {
      refused: refusal(
        'UNKNOWN_RESOURCE',
        `The signer ${signer.address} is not an account of the organization${where}.`,
      ),
    }
  }
  if (found.accounts.length === 0) return { ids: [undefined] }
  // The organization's own spelling of each id, as reports and recorded history show it.
  const ids: string[] = []
  for (const id of found.accounts) ids.push(entities.index.account(id)?.id ?? id)
  return { ids }
}

function signerOfIntent(intent: Intent | undefined): Signer | undefined {
  if (typeof intent?.from !== 'string') return undefined
  return { address: intent.from, chainId: Number.isSafeInteger(intent.chainId) ? intent.chainId : null }
}

function userOf(
  entities: { prepared: PreparedEntities; index: EntityIndex },
  principal: unknown,
): string | undefined {
  if (typeof principal !== 'string') return undefined
  const id = principal.toLowerCase()
  const userId = entities.prepared.users[id] ? id : entities.prepared.credentials[id]
  return userId === undefined ? undefined : (entities.index.user(userId)?.id ?? userId)
}
