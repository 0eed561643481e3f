import { type EntityChangesWithOrder, entityChangesWithOrderInSteps } from '@rampart/entities'
import {
  type Decision,
  type EvaluationRequest,
  type LoggedPolicyState,
  runInSlices,
} from '@rampart/evaluator'
import type { LogEntryContent } from './appendLogEntry'
import { policiesHashOf, policyStateHashInSteps } from './policyStateHash'

/** The signing request an entry is about, with its status once the entry's transaction commits. */
export type LoggedRequest = { kind: string; requestId: string; status: string }

/**
 * A decision entry: the evaluation request exactly as decided (principal, intent, approvals, the history totals and
 * prices it had, `now`), the signer, the presets asked for, the decision, its attestation, and the hashes of the
 * policies and entities it was decided under: enough to decide it again, and nothing secret (no key, no token).
 */
export function decisionEntry(input: {
  request: LoggedRequest
  evaluationRequest: EvaluationRequest
  decision: Decision
  attestation: string | null
  signer: { address: string; chainId?: number | null | undefined; networkId?: string | null | undefined }
  presets: readonly string[]
  state: LoggedPolicyState
}): LogEntryContent {
  const { signer } = input
  return {
    kind: 'decision',
    request: input.request,
    decided: {
      evaluationRequest: input.evaluationRequest,
      signer: {
        address: signer.address,
        ...(typeof signer.chainId === 'number' ? { chainId: signer.chainId } : {}),
        ...(typeof signer.networkId === 'string' ? { networkId: signer.networkId } : {}),
      },
      presets: [...input.presets],
      decision: input.decision,
      attestation: input.attestation,
    },
    state: input.state,
  }
}

/** An approval entry: who approved (the user and the credential whose signature was verified) and when. */
export function approvalEntry(
  request: LoggedRequest,
  approver: { userId: string; credentialId?: string | undefined; at: string },
): LogEntryContent {
  return {
    kind: 'approval',
    request,
    approver: {
      userId: approver.userId,
      ...(approver.credentialId === undefined ? {} : { credentialId: approver.credentialId }),
      at: approver.at,
    },
  }
}

/** A rejection entry: who ended the request waiting for approvals (user and verified credential), when and why. */
export function rejectionEntry(
  request: LoggedRequest,
  rejecter: { userId: string; credentialId: string; at: string; reason: string },
): LogEntryContent {
  return {
    kind: 'rejection',
    request,
    approver: {
      userId: rejecter.userId,
      credentialId: rejecter.credentialId,
      at: rejecter.at,
      reason: rejecter.reason,
    },
  }
}

type ClientContent = { policies: unknown[]; presets: unknown[]; entities: Record<string, unknown> }

/**
 * More entity changes than this are logged as the new organization whole: an import that rewrites a large part of
 * it is smaller so, and a replay rebuilds it without applying thousands of changes.
 */
const MAX_LOGGED_ENTITY_CHANGES = 2000

/**
 * The entries a change of a client's policies, presets or entities makes (none when nothing changed), and the hashes
 * of the state it leaves. `before` is undefined for a client just registered, whose first entries record what it
 * starts with. The hashes are made in slices, with turns of the event loop between them: at 100,000 accounts each
 * organization's takes a fifth of a second.
 *
 * Policies and presets are logged whole. Entities are logged as the entity changes when those rebuild the new
 * organization exactly from the one before (applyEntityChangesToDocument), else whole: at 100,000 accounts the whole
 * organization is 35 MiB, which the log would otherwise take again for every account added. `diff` is the caller's
 * comparison of the two organizations when it made one (null: they differ by more than entity changes).
 * `entitiesChanged`: whether the entities changed, when the caller knows (it applied entity changes): the
 * organization before is then not hashed, at 100,000 accounts a fifth of a second saved.
 */
export async function changeEntries(
  before: ClientContent | undefined,
  after: ClientContent,
  by: string,
  diff?: EntityChangesWithOrder | null,
  entitiesChanged?: boolean,
): Promise<LogEntryContent[]> {
  const entries: LogEntryContent[] = []
  const state = await runInSlices(policyStateHashInSteps(after))
  // Compared by their hashes, which are canonical: a document read back from the database has its keys reordered.
  const was = !before
    ? undefined
    : entitiesChanged === undefined
      ? await runInSlices(policyStateHashInSteps(before))
      : {
          policiesHash: policiesHashOf(before),
          entitiesHash: entitiesChanged ? undefined : state.entitiesHash,
        }
  if (was?.policiesHash !== state.policiesHash) {
    entries.push({
      kind: 'policies.changed',
      change: {
        policies: after.policies as Record<string, unknown>[],
        presets: after.presets as string[],
        by,
      },
      state,
    })
  }
  if (was?.entitiesHash !== state.entitiesHash) {
    const changes =
      before &&
      (diff === undefined
        ? await runInSlices(entityChangesWithOrderInSteps(before.entities, after.entities))
        : diff)
    const logged =
      changes?.exact && changes.changes.length <= MAX_LOGGED_ENTITY_CHANGES
        ? { entityChanges: changes.changes }
        : { entities: after.entities }
    entries.push({ kind: 'entities.changed', change: { ...logged, by }, state })
  }
  return entries
}
