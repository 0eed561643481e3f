import { hashRequest, hashRequestInSteps, type LoggedPolicyState, type Steps } from '@rampart/evaluator'

/**
 * The hashes of what a client decides under, as log entries name them: policiesHash over {policies, presets} (the
 * client's own policies and the protocol presets it enabled), entitiesHash over its entities document, each the
 * SHA-256 of the canonical JSON. A replay checks it holds the same set by computing the same. Made a step at a time
 * (run it with runInSlices): a large organization's hash pauses in its lists.
 */
export function* policyStateHashInSteps(client: {
  policies: unknown[]
  presets: unknown[]
  entities: Record<string, unknown>
}): Steps<LoggedPolicyState> {
  return { policiesHash: policiesHashOf(client), entitiesHash: yield* hashRequestInSteps(client.entities) }
}

/** The policiesHash of a client's policies and presets (small: made at once). */
export const policiesHashOf = (client: { policies: unknown[]; presets: unknown[] }) =>
  hashRequest({ policies: client.policies, presets: client.presets })
