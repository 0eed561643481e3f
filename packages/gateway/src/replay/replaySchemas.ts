import replayReport from '@rampart/schemas/gateway/replay/replayReport.schema.json'
import replayRequest from '@rampart/schemas/gateway/replay/replayRequest.schema.json'
import shadowDivergence from '@rampart/schemas/gateway/replay/shadowDivergence.schema.json'
import { toRegistrable } from '../core/http/gatewaySchemas'

/** The JSON Schemas under `schemas/gateway/replay/`: replay's body and report, and shadow mode's divergences. */
export const replaySchemas = { replayRequest, replayReport, shadowDivergence } as const

export function replayRef(name: keyof typeof replaySchemas): { $ref: string } {
  return { $ref: replaySchemas[name].$id }
}

/** The replay schemas as fastify registers them: no `$schema`, every relative `$ref` made absolute. */
export function registrableReplaySchemas(): Record<string, unknown>[] {
  return toRegistrable(Object.values(replaySchemas))
}
