import { decodeRequest } from '@rampart/decoder'
import type { Decision, EvaluationRequest, Preset } from '@rampart/evaluator'
import { eq } from 'drizzle-orm'
import { networks } from '../../core/database/schema'
import { pricesForDecision } from '../prices/pricesForDecision'
import { attestDecision } from './attestDecision'
import type { ClientPolicyState } from './clientPolicyState'
import { decideForClient } from './decideForClient'
import { evaluationReport, type ReportNetwork } from './evaluationReport'
import { historyForLimits } from './loadHistory'
import type { Plan } from './signingAction'
import type { SigningServices } from './signingServices'

/** A record's embedded evaluation: the spec's {whitelisted, report, signature}, plus the decision itself. */
export type Evaluation = {
  whitelisted: boolean
  report: Record<string, unknown>
  signature: string | null
  decision: Decision
}

export type Decided = {
  decision: Decision
  evaluation: Evaluation
  evaluationRequest: EvaluationRequest
  /** The principal's user id, as the organization writes it (what recorded history names). */
  userId: string | undefined
}

/** A catalogue network as reports show it, read once per gateway (catalogue rows never change while it runs). */
export async function reportNetwork(
  services: Pick<SigningServices, 'db' | 'reportNetworks'>,
  networkId: string,
): Promise<ReportNetwork | null> {
  const cache = services.reportNetworks
  if (cache.has(networkId)) return cache.get(networkId) ?? null
  const [row] = await services.db.select().from(networks).where(eq(networks.networkId, networkId))
  const network = row
    ? {
        networkId: row.networkId,
        coinType: row.coinType,
        evmChainId: row.evmChainId,
        name: row.name,
        createdAt: row.createdAt.toISOString(),
      }
    : null
  cache.set(networkId, network)
  return network
}

/**
 * Steps 2 and 3 of the pipeline: decode the request into an intent and evaluate it against the client's entities,
 * policies and presets, then sign the decision. The principal is the credential that signed the HTTP request.
 */
export async function decideRequest(
  services: SigningServices,
  input: {
    state: ClientPolicyState
    principal: string
    plan: Plan
    approvals: string[]
    /** The signing request decided, which a divergence of the shadow set names. */
    record?: { requestId: string; kind: string }
  },
): Promise<Decided> {
  const { state, plan } = input
  // Decoded as /evaluate, the CLI and embedders decode it: a transaction names its chain, and a message is signed
  // for none (its intent's chain is 0, whichever account asked for it).
  const resolution = plan.rpcRequest
    ? decodeRequest(plan.rpcRequest, state.index ? { entities: state.index } : {})
    : undefined
  const now = Math.floor(services.clock().getTime() / 1000)
  // Why the history cannot be read goes to the log as its message: a database error's stack is no log's business.
  const historyTotals = await historyForLimits(services.db, state, now, (error) =>
    services.log.error(
      { clientId: state.clientId, reason: error instanceof Error ? error.message : String(error) },
      'the history limits count cannot be read',
    ),
  )
  const prices = await pricesForDecision(
    services.prices,
    (message) => services.log.warn({ prices: message }, 'deciding without prices'),
    state.currencies,
    resolution?.intent as EvaluationRequest['intent'],
    historyTotals,
  )
  const decisionInput = {
    principal: input.principal,
    action: plan.action,
    ...(resolution ? { decoded: resolution } : {}),
    signer: { address: plan.signer.address, chainId: plan.signer.chainId },
    ...(plan.payloads === undefined ? {} : { payloads: plan.payloads }),
    ...(plan.algorithm === undefined ? {} : { algorithm: plan.algorithm }),
    ...(input.approvals.length > 0 ? { approvals: input.approvals } : {}),
    historyTotals,
    now,
    presets: plan.presets,
    ...(prices === undefined ? {} : { prices }),
  }
  const { decision, request, userId } = decideForClient(state, decisionInput)
  // Decided again under the client's shadow set after this one is answered; this decision is the one enforced.
  services.shadow.observe({
    clientId: state.clientId,
    source: 'signing',
    ...input.record,
    input: decisionInput,
    live: decision,
  })
  const presets = plan.presets
    .map((id) => state.presets.get(id))
    .filter((preset): preset is Preset => preset !== undefined)
  const signature = await attestDecision(
    decision,
    request,
    services.attestationKey,
    undefined,
    state.policySet,
  )
  const report = evaluationReport({
    action: plan.action,
    network: await reportNetwork(services, plan.signer.networkId),
    rawPayload: plan.rpcRequest
      ? rawPayloadOf(plan.rpcRequest)
      : plan.payloads
        ? { payloads: plan.payloads, algorithm: plan.algorithm }
        : null,
    presets,
    resolution: resolution ?? null,
    decision,
  })
  return {
    decision,
    evaluationRequest: request,
    userId,
    evaluation: { whitelisted: decision.decision === 'Permit', report, signature, decision },
  }
}

/** The payload as the spec's rawPayload shows it: the transaction object, or the request's params. */
function rawPayloadOf(request: { method: string; params?: unknown }): Record<string, unknown> {
  const params = Array.isArray(request.params) ? request.params : []
  if (request.method === 'eth_sendTransaction' && params[0] && typeof params[0] === 'object') {
    return params[0] as Record<string, unknown>
  }
  return { method: request.method, params }
}
