import type { Resolution } from '@rampart/decoder'
import type { Decision, Preset } from '@rampart/evaluator'

/** The network of a report, as the spec's EvaluationReport shows it (a Network without externalNetworks). */
export type ReportNetwork = {
  networkId: string
  coinType: number | null
  evmChainId: number | null
  name: string
  createdAt: string
}

/** The spec's Intent: a resolution as people read it, with the preset outcome and the policy intent beside it. */
export function intentReport(resolution: Resolution, decision: Decision): Record<string, unknown> {
  const { display, decoding } = resolution
  const error = decoding.error
  return {
    label: display.intent,
    description: display.interpolatedIntent,
    descriptor: decoding.descriptor,
    interactWith: { ...display.interactWith, enums: {} },
    hexSignature: decoding.hexSignature,
    display: { fields: display.fields, requiredFields: display.requiredFields },
    expectedBehavior: decision.policyEvaluation?.expectedBehavior ?? decision.decision === 'Permit',
    matchedPresets: decision.policyEvaluation?.matchedPresets ?? [],
    intents: resolution.resolutions?.map((inner) => intentReport(inner, decision)) ?? null,
    decoderError: error
      ? {
          code: error.code,
          message: error.message,
          context: { name: error.name, path: error.path, ...error.context },
        }
      : null,
    decoded: resolution.intent,
  }
}

export function presetReport(presets: readonly Preset[]) {
  return presets.map(({ id, name, description }) => ({ id, name, description }))
}

/** The spec's EvaluationReport of one decision. */
export function evaluationReport(input: {
  action: string
  network: ReportNetwork | null
  rawPayload: Record<string, unknown> | null
  presets: readonly Preset[]
  resolution: Resolution | null
  decision: Decision
}): Record<string, unknown> {
  return {
    action: input.action,
    network: input.network,
    rawPayload: input.rawPayload,
    protocolPresets: presetReport(input.presets),
    whitelisted: input.decision.decision === 'Permit',
    intent: input.resolution ? intentReport(input.resolution, input.decision) : null,
  }
}
