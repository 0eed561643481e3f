import type { Resolution } from '@rampart/decoder'
import type { Decision, EvaluationRequest } from '@rampart/evaluator'
import type { FastifyInstance } from 'fastify'
import { ValidationError } from '../errors/gatewayError'
import type { EvaluateRequest } from '../generated/actions/evaluateRequest'
import { attestDecision } from '../pipeline/attestDecision'
import { type ClientPolicyState, resourceOf } from '../pipeline/clientPolicyState'
import { decisionFor, decodeSafely } from '../pipeline/decideRequest'
import { presetReport } from '../pipeline/evaluationReport'
import { historyForLimits, historyTooLong } from '../pipeline/loadHistory'

/** The /evaluate body, as `schemas/gateway/actions/evaluateRequest.schema.json` defines it. */
export type EvaluateBody = EvaluateRequest

/** One resolution of the response (`evaluateResponse.schema.json#/$defs/Resolution`). */
type ResolutionView = {
  intent?: unknown
  display: object
  decoding: object
  policyEvaluation?: ReturnType<typeof presetEvaluationView>
  resolutions: ResolutionView[] | null
}

const actions: Partial<Record<Resolution['action'], EvaluationRequest['action']>> = {
  eth_sendTransaction: 'signTransaction',
  eth_signTransaction: 'signTransaction',
  personal_sign: 'signMessage',
  eth_signTypedData_v4: 'signTypedData',
  eth_sendUserOperation: 'signUserOperation',
}

/** The policy evaluation of presets, as the response schema has it (no other field). */
function presetEvaluationView(policyEvaluation: NonNullable<Decision['policyEvaluation']>) {
  return {
    expectedBehavior: policyEvaluation.expectedBehavior,
    matchedPresets: policyEvaluation.matchedPresets.map(({ presetId, matchedPolicies }) => ({
      presetId,
      matchedPolicies,
    })),
  }
}

/** A resolution as /evaluate shows it: display, decoding and the nested resolutions, with the intent beside. */
function resolutionView(
  resolution: Resolution,
  policyEvaluation?: Decision['policyEvaluation'],
): ResolutionView {
  return {
    intent: resolution.intent,
    display: resolution.display ?? {},
    decoding: resolution.decoding ?? {},
    ...(policyEvaluation === undefined ? {} : { policyEvaluation: presetEvaluationView(policyEvaluation) }),
    resolutions: resolution.resolutions?.map((inner) => resolutionView(inner)) ?? null,
  }
}

/**
 * The accounts a request from `from` acts for: on a chain, that chain's account; bound to no chain (chainId 0: a
 * personal message, typed data whose domain names no chainId), every entities account of the address, as the
 * signing pipeline decides it.
 */
function resourcesFor(state: ClientPolicyState, from: string, chainId: number): (string | undefined)[] {
  if (chainId > 0) return [resourceOf(state, from, chainId)]
  const address = from.toLowerCase()
  const accounts = (state.entities.accounts ?? []).filter((a) => a.address.toLowerCase() === address)
  return accounts.length > 0 ? [...new Set(accounts.map((a) => a.id))] : [resourceOf(state, from, null)]
}

/**
 * POST /evaluate: decodes a JSON-RPC request and decides on it with the client's entities, policies and the
 * presets asked for, as the signing pipeline would, without recording or signing anything. The principal is the
 * credential that signed the HTTP request; the resource is the account the request signs from.
 */
export async function evaluateRequest(
  app: FastifyInstance,
  clientId: string,
  principal: string,
  body: EvaluateBody,
) {
  const state = await app.clientPolicies.forClient(clientId)
  const presetIds = body.protocolPresets ?? []
  const unknown = presetIds.flatMap((id, index) =>
    state.presets.has(id)
      ? []
      : [{ path: `/protocolPresets/${index}`, message: `${id} is not a preset enabled for this client` }],
  )
  if (unknown.length > 0) throw new ValidationError('Unknown protocol presets', unknown, 'PRESET_UNKNOWN')

  const resolution = decodeSafely(body.request, state.entities, undefined)
  const intent = resolution?.intent
  const action = resolution ? actions[resolution.action] : undefined
  const resources = intent?.from ? resourcesFor(state, intent.from, intent.chainId) : [undefined]
  const now = Math.floor(Date.now() / 1000)
  const history = await historyForLimits(app.db, state, now)
  const requests = resources.map(
    (resource): EvaluationRequest => ({
      action: action ?? 'signTransaction',
      principal,
      ...(resource === undefined ? {} : { resource }),
      ...(intent ? { intent } : {}),
      ...(history ? { history } : {}),
      now,
    }),
  )
  // As when signing, a signature bound to no chain is decided for every account of its key: the least permitted wins.
  const decisions = requests.map((request) =>
    history === null ? historyTooLong() : decisionFor(state, request, resolution, presetIds),
  )
  const worst = (wanted: Decision['decision']) => decisions.findIndex((d) => d.decision === wanted)
  const index = [worst('Forbid'), worst('Confirm'), 0].find((i) => i >= 0) ?? 0
  const decision = decisions[index]!
  const evaluationRequest = requests[index]!
  const signature = await attestDecision(decision, evaluationRequest, app.config.attestationKey)
  const presets = presetIds.flatMap((id) => {
    const preset = state.presets.get(id)
    return preset ? [preset] : []
  })
  const display = resolution
    ? resolutionView(resolution, presetIds.length > 0 ? decision.policyEvaluation : undefined)
    : { display: {}, decoding: {}, resolutions: null }
  return {
    action: resolution?.action ?? 'unknown',
    rawPayload: body.request,
    whitelisted: decision.decision === 'Permit',
    resolution: display,
    protocolPresets: presetReport(presets),
    attestation: { decision, signature },
  }
}
