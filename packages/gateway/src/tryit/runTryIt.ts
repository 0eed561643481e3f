import type { Entities } from '@rampart/entities'
import { loadEntities } from '@rampart/entities'
import { validatePolicies } from '@rampart/evaluator'
import { eq } from 'drizzle-orm'
import { clients } from '../core/database/schema'
import { GatewayError } from '../core/errors/gatewayError'
import { decideEvaluation, type EvaluateBody } from '../signing/evaluate/evaluateRequest'
import { buildClientPolicyState, type ClientPolicyState } from '../signing/pipeline/clientPolicyState'
import type { SigningServices } from '../signing/pipeline/signingServices'
import type { FieldIssue, TryItInput } from './tryItForm'

export type TryItResult = Awaited<ReturnType<typeof decideEvaluation>> & {
  principal: string
  /** Which documents decided: the client's stored ones, or the pasted ones. */
  entitiesFrom: 'client' | 'pasted'
  policiesFrom: 'client' | 'pasted'
}

/** The first credential of the entities: the principal a try uses when the author names none. */
function firstCredential(entities: unknown): string | undefined {
  const credentials = (entities as Partial<Entities> | undefined)?.credentials
  return Array.isArray(credentials) && typeof credentials[0]?.id === 'string' ? credentials[0].id : undefined
}

/** The client's stored policies and presets: its organization comes from its policy state when a try needs it. */
type ClientDocuments = { policies: unknown; presets: unknown }

/**
 * The policy state a try decides with: the client's own (the one its signing requests use), or one built from the
 * pasted entities and policies (each replacing the client's), validated first so the author sees each problem at
 * its JSON Pointer. The pasted state keeps the client's id, so spending and rate limits count the client's
 * recorded history.
 */
async function stateFor(
  services: SigningServices,
  row: ClientDocuments,
  input: TryItInput,
  priceMaxAge: number | undefined,
): Promise<{ state: ClientPolicyState; issues: FieldIssue[] }> {
  if (input.entities === undefined && input.policies === undefined) {
    return { state: await services.clientPolicies.forClient(input.clientId), issues: [] }
  }
  const issues: FieldIssue[] = []
  if (input.entities !== undefined) {
    const loaded = loadEntities(input.entities, { kind: 'full' })
    for (const issue of loaded.issues.filter((one) => one.severity === 'error')) {
      issues.push({ field: 'entities', where: issue.path || '/', message: issue.message })
    }
  }
  if (input.policies !== undefined) {
    for (const issue of validatePolicies(input.policies).issues) {
      issues.push({ field: 'policies', where: issue.path || '/', message: issue.message })
    }
  }
  if (issues.length > 0) return { state: await services.clientPolicies.forClient(input.clientId), issues }
  const state = await buildClientPolicyState(
    {
      clientId: input.clientId,
      // The organization the client decides with, not a read of its row (35 MiB at 100,000 accounts).
      entities: input.entities ?? (await services.clientPolicies.forClient(input.clientId)).entities,
      policies: input.policies ?? row.policies,
      presetIds: row.presets as string[],
    },
    priceMaxAge,
  )
  return { state, issues }
}

/**
 * Decodes and decides the pasted request the way POST /evaluate does (decideEvaluation: the decoder, the client's
 * history and prices, `Evaluator.decide`), for a client an admin picked; nothing is recorded, nothing is signed.
 */
export async function runTryIt(
  services: SigningServices,
  input: TryItInput,
  priceMaxAge: number | undefined,
): Promise<{ result: TryItResult } | { issues: FieldIssue[] }> {
  const [row] = await services.db
    .select({ policies: clients.policies, presets: clients.presets })
    .from(clients)
    .where(eq(clients.clientId, input.clientId))
  if (!row) return { issues: [{ field: 'clientId', where: '', message: 'No client has this id.' }] }
  const { state, issues } = await stateFor(services, row, input, priceMaxAge)
  if (issues.length > 0) return { issues }
  const principal = input.principal ?? firstCredential(state.entities) ?? ''
  if (!principal) {
    return {
      issues: [
        { field: 'principal', where: '', message: 'The entities have no credential: name the signing one.' },
      ],
    }
  }
  try {
    const body = { request: input.request as EvaluateBody['request'] }
    const decided = await decideEvaluation(services, state, principal, body)
    return {
      result: {
        ...decided,
        principal,
        entitiesFrom: input.entities === undefined ? 'client' : 'pasted',
        policiesFrom: input.policies === undefined ? 'client' : 'pasted',
      },
    }
  } catch (error) {
    if (error instanceof GatewayError) {
      return { issues: [{ field: 'request', where: '', message: error.message }] }
    }
    throw error
  }
}
