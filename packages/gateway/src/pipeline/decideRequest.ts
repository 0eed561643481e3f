import { decodeRequest, type Resolution } from '@rampart/decoder'
import type { Decision, EvaluationRequest, Preset } from '@rampart/evaluator'
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { networks } from '../db/schema'
import { attestDecision } from './attestDecision'
import { type ClientPolicyState, resourceOf } from './clientPolicyState'
import { evaluationReport, type ReportNetwork } from './evaluationReport'
import { historyForLimits, historyTooLong } from './loadHistory'
import { refusalDecision } from './refusalDecision'
import type { Plan } from './signingAction'

/** A record's embedded evaluation: the spec's {whitelisted, report, signature}, plus the decision itself. */
export type Evaluation = {
  whitelisted: boolean
  report: Record<string, unknown>
  signature: string | null
  decision: Decision
}

export type Decided = { decision: Decision; evaluation: Evaluation; evaluationRequest: EvaluationRequest }

/** Decodes a JSON-RPC request; any failure is a resolution whose error the policies refuse (never a throw). */
export function decodeSafely(
  request: unknown,
  entities: unknown,
  chainId: number | undefined,
): Resolution | null {
  try {
    return decodeRequest(request, { entities, ...(chainId === undefined ? {} : { chainId }) })
  } catch {
    return null
  }
}

/** Evaluates with the client's evaluator; anything that goes wrong is a Forbid with its reason (fail closed). */
export function evaluateSafely(
  state: ClientPolicyState,
  request: EvaluationRequest,
  presets: readonly string[],
): Decision {
  if (!state.evaluator) {
    return refusalDecision(
      'EVALUATOR_UNAVAILABLE',
      `The client's policies cannot be loaded: ${state.unavailable}`,
    )
  }
  try {
    return state.evaluator.evaluate(request, { presets })
  } catch (error) {
    return refusalDecision('EVALUATION_FAILED', error instanceof Error ? error.message : 'evaluation failed')
  }
}

/**
 * The decision on a request, failing closed: a request that could not be decoded (null), or whose decoding
 * reports an error, is refused before the policies see it; `undefined` means nothing was to be decoded.
 */
export function decisionFor(
  state: ClientPolicyState,
  evaluationRequest: EvaluationRequest,
  resolution: Resolution | null | undefined,
  presets: readonly string[],
): Decision {
  if (resolution === null) return refusalDecision('EVALUATION_FAILED', 'The request could not be decoded')
  const decoderError = resolution?.decoding.error
  // What the decoder could not fully understand is never handed to the policies to permit.
  if (decoderError) {
    return refusalDecision(
      'INVALID_REQUEST',
      `The request could not be fully decoded (${decoderError.name}): ${decoderError.message}`,
    )
  }
  return evaluateSafely(state, evaluationRequest, presets)
}

const networkCache = new WeakMap<FastifyInstance, Map<string, ReportNetwork | null>>()

/** A catalogue network as reports show it (catalogue rows never change while the gateway runs). */
export async function reportNetwork(app: FastifyInstance, networkId: string): Promise<ReportNetwork | null> {
  let cache = networkCache.get(app)
  if (!cache) {
    cache = new Map()
    networkCache.set(app, cache)
  }
  if (cache.has(networkId)) return cache.get(networkId) ?? null
  const [row] = await app.db.select().from(networks).where(eq(networks.networkId, networkId))
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
  app: FastifyInstance,
  input: { state: ClientPolicyState; principal: string; plan: Plan; approvals: string[] },
): Promise<Decided> {
  const { state, plan } = input
  const resolution = plan.rpcRequest
    ? decodeSafely(plan.rpcRequest, state.entities, plan.signer.chainId ?? undefined)
    : null
  const resources = resourcesOf(state, plan)
  const now = Math.floor(Date.now() / 1000)
  const history = await historyForLimits(app.db, state, now)
  const base: Omit<EvaluationRequest, 'resource'> = {
    action: plan.action,
    principal: input.principal,
    ...(resolution ? { intent: resolution.intent } : {}),
    ...(plan.algorithm === undefined ? {} : { algorithm: plan.algorithm }),
    ...(input.approvals.length > 0 ? { approvals: input.approvals } : {}),
    ...(history ? { history } : {}),
    now,
  }
  // Each raw payload is decided on, for each account the signature binds; the request goes ahead only as far as
  // its least permitted payload and account.
  const requests = resources.flatMap((resource): EvaluationRequest[] => {
    const forResource = { ...base, ...(resource === undefined ? {} : { resource }) }
    return plan.payloads?.length
      ? plan.payloads.map((payload) => ({ ...forResource, payload }))
      : [forResource]
  })
  const decisions = requests.map((request) =>
    history === null
      ? historyTooLong()
      : decisionFor(state, request, plan.rpcRequest ? resolution : undefined, plan.presets),
  )
  const worst = (wanted: Decision['decision']) => decisions.findIndex((d) => d.decision === wanted)
  const index = [worst('Forbid'), worst('Confirm'), 0].find((i) => i >= 0) ?? 0
  const decision = decisions[index]!
  const evaluationRequest = requests[index]!
  const presets = plan.presets
    .map((id) => state.presets.get(id))
    .filter((preset): preset is Preset => preset !== undefined)
  const signature = await attestDecision(decision, evaluationRequest, app.config.attestationKey)
  const report = evaluationReport({
    action: plan.action,
    network: await reportNetwork(app, plan.signer.networkId),
    rawPayload: plan.rpcRequest
      ? rawPayloadOf(plan.rpcRequest)
      : plan.payloads
        ? { payloads: plan.payloads, algorithm: plan.algorithm }
        : null,
    presets,
    resolution,
    decision,
  })
  return {
    decision,
    evaluationRequest,
    evaluation: { whitelisted: decision.decision === 'Permit', report, signature, decision },
  }
}

/**
 * The accounts a request's signature can act for. One EVM key is the signer's account on every chain, and a personal
 * message, typed data whose domain names no chainId, or a raw secp256k1 digest (which may hash any chain's
 * transaction) is bound to none: it is valid for each account of the entities with the signer's address, and is
 * decided for each of them (asked through the account of a chain whose policies allow it, it escaped the policies
 * of the chain it was meant for). Anything else is decided for the signer's account alone.
 */
export function resourcesOf(state: ClientPolicyState, plan: Plan): (string | undefined)[] {
  const own = resourceOf(state, plan.signer.address, plan.signer.chainId)
  if (plan.signer.chainId === null || !boundToNoChain(plan)) return [own]
  const address = plan.signer.address.toLowerCase()
  const others = (state.entities.accounts ?? [])
    .filter((account) => account.address.toLowerCase() === address)
    .map((account) => account.id)
  return [...new Set([own, ...others])]
}

function boundToNoChain(plan: Plan): boolean {
  if (plan.action === 'signMessage') return true
  if (plan.action === 'signRaw') return plan.algorithm === 'secp256k1_ecdsa'
  if (plan.action !== 'signTypedData') return false
  const params = plan.rpcRequest?.params
  const typedData = Array.isArray(params)
    ? (params[1] as { domain?: { chainId?: unknown } } | undefined)
    : undefined
  const chainId = typedData?.domain?.chainId
  return chainId === undefined || chainId === null
}

/** The payload as the spec's rawPayload shows it: the transaction object, or the request's params. */
function rawPayloadOf(request: { method: string; params?: unknown }): Record<string, unknown> {
  const params = Array.isArray(request.params) ? request.params : []
  if (request.method === 'eth_sendTransaction' && params[0] && typeof params[0] === 'object') {
    return params[0] as Record<string, unknown>
  }
  return { method: request.method, params }
}
