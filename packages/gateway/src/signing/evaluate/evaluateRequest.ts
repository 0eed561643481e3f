import { decodeRequest, type Resolution } from '@rampart/decoder'
import type { Decision, EvaluationRequest } from '@rampart/evaluator'
import { GatewayError } from '../../core/errors/gatewayError'
import type { EvaluateRequest } from '../../generated/actions/evaluateRequest'
import { attestDecision } from '../pipeline/attestDecision'
import type { ClientPolicyState } from '../pipeline/clientPolicyState'
import { decideForClient } from '../pipeline/decideForClient'
import { presetReport } from '../pipeline/evaluationReport'
import { historyForLimits } from '../pipeline/loadHistory'
import type { SigningServices } from '../pipeline/signingServices'
import { pricesForDecision } from '../prices/pricesForDecision'

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
 * Decodes a JSON-RPC request and decides on it with a client's policy state and the presets asked for, as the signing
 * pipeline would: the client's history for limits, prices for fiat values, the library's decision rule. Nothing is
 * recorded or signed. The principal is the credential that signs; the resource is the account the request signs from.
 */
export async function decideEvaluation(
  services: SigningServices,
  state: ClientPolicyState,
  principal: string,
  body: EvaluateBody,
) {
  const presetIds = body.protocolPresets ?? []
  const unknown = presetIds.flatMap((id, index) =>
    state.presets.has(id)
      ? []
      : [{ path: `/protocolPresets/${index}`, message: `${id} is not a preset enabled for this client` }],
  )
  if (unknown.length > 0)
    throw new GatewayError('PRESET_UNKNOWN', 'Unknown protocol presets', { issues: unknown })

  const resolution = decodeRequest(body.request, state.index ? { entities: state.index } : {})
  const now = Math.floor(services.clock().getTime() / 1000)
  // The library's rule, as when signing: the signer is the request's sender, on the request's chain.
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
    resolution.intent as EvaluationRequest['intent'],
    historyTotals,
  )
  const decisionInput = {
    principal,
    decoded: resolution,
    historyTotals,
    now,
    presets: presetIds,
    ...(prices === undefined ? {} : { prices }),
  }
  const { decision, request } = decideForClient(state, decisionInput)
  const presets = presetIds.flatMap((id) => {
    const preset = state.presets.get(id)
    return preset ? [preset] : []
  })
  return { resolution, decision, request, presets, decisionInput }
}

/**
 * POST /evaluate: decodes a JSON-RPC request and decides on it with the client's entities, policies and the
 * presets asked for (decideEvaluation), and signs the decision as an attestation naming the policy set it was
 * decided under. The principal is the credential that signed the HTTP request.
 */
export async function evaluateRequest(
  services: SigningServices,
  clientId: string,
  principal: string,
  body: EvaluateBody,
) {
  let state = await services.clientPolicies.forClient(clientId)
  let evaluated = await decideEvaluation(services, state, principal, body)
  // Decided across a change of the client's entities or policies (refused for it): decided again under the new ones.
  for (let retry = 1; retry < 3 && state.superseded?.(); retry++) {
    state = await services.clientPolicies.forClient(clientId)
    evaluated = await decideEvaluation(services, state, principal, body)
  }
  const { resolution, decision, request, presets, decisionInput } = evaluated
  // Decided again under the client's shadow set after this answer, which it never changes.
  services.shadow.observe({ clientId, source: 'evaluate', input: decisionInput, live: decision })
  const signature = await attestDecision(
    decision,
    request,
    services.attestationKey,
    undefined,
    state.policySet,
  )
  const display = resolutionView(resolution, presets.length > 0 ? decision.policyEvaluation : undefined)
  return {
    action: resolution.action,
    rawPayload: body.request,
    whitelisted: decision.decision === 'Permit',
    resolution: display,
    protocolPresets: presetReport(presets),
    attestation: { decision, signature },
  }
}
