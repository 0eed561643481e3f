import { type Entities, entityChangesBetweenInSteps } from '@rampart/entities'
import { type AttestationKey, attest, type PolicySetReference } from '../attestation'
import { createEvaluator, type Evaluator, type EvaluatorOptions } from '../createEvaluator'
import type { Policy } from '../generated/policy'
import type { Preset } from '../generated/preset'
import type { PolicySetContent, SignedPolicySet } from '../generated/signedPolicySet'
import { runInSlices } from '../inSlices'
import { BUILTIN_PRESETS } from '../presets'
import type { ApprovalVerifier } from './approvalVerifiers'
import { type PolicySetAssessment, type PolicySetPredecessor, verifyPolicySet } from './assessPolicySet'

export interface GovernedEvaluatorOptions
  extends Omit<EvaluatorOptions, 'entities' | 'policies' | 'presets'> {
  /** The signed policy set to decide with: verified against `after` before anything of it is loaded. */
  policySet: unknown
  /** The set it replaces (trusted: the last one loaded), or 'bootstrap' for the organization's first set. */
  after: PolicySetPredecessor
  /** The presets a set may enable by id; the built-in presets when left out. */
  presetCatalogue?: readonly Preset[]
  /** Verifiers of approval types beyond the built-in `jws` and `webauthn` (which always verify as built in). */
  approvalVerifiers?: Readonly<Record<string, ApprovalVerifier>>
}

/**
 * An evaluator that decides only with quorum-signed policy sets: it has no update() or updateEntities(); its
 * one way to change what it decides with is apply(), which verifies the next set's approvals against the live
 * set's quorum and credentials first, every time.
 */
export interface GovernedEvaluator extends Omit<Evaluator, 'update' | 'updateInSlices' | 'updateEntities'> {
  /** The live signed set. */
  readonly policySet: SignedPolicySet
  /** The live set as attestations name it. */
  readonly reference: PolicySetReference
  /**
   * Verifies the next signed set against the live one and, when it holds, loads it incrementally (entity changes
   * patched in, policies and presets swapped). Throws a GovernanceError (or an EvaluatorError) and keeps the live
   * set otherwise.
   */
  apply(next: unknown): Promise<PolicySetAssessment>
}

const presetsOf = (content: PolicySetContent, catalogue: readonly Preset[]) => {
  const enabled = new Set(content.presets ?? [])
  return catalogue.filter((preset) => enabled.has(preset.id))
}

const referenceOf = (set: SignedPolicySet, entitiesHash: string): PolicySetReference => ({
  setId: set.setId,
  version: set.version,
  contentHash: set.contentHash,
  entitiesHash,
})

/**
 * Verifies a signed policy set (its content against its hash, its approvals against the quorum of the set it
 * replaces, or its own for a bootstrap) and returns an evaluator over it; throws a GovernanceError when the set
 * does not verify, so nothing unapproved is ever decided with.
 */
export async function createGovernedEvaluator(options: GovernedEvaluatorOptions): Promise<GovernedEvaluator> {
  const {
    policySet,
    after,
    presetCatalogue = BUILTIN_PRESETS,
    approvalVerifiers,
    attestationKey,
    ...rest
  } = options
  const verifyOptions = { presetCatalogue, ...(approvalVerifiers ? { approvalVerifiers } : {}) }
  const first = await verifyPolicySet(policySet, after, verifyOptions)
  const inner = await createEvaluator({
    ...rest,
    entities: first.set.content.entities as unknown as Entities,
    policies: first.set.content.policies as Policy[],
    presets: presetsOf(first.set.content, presetCatalogue),
  })
  let live = first.set
  let reference = referenceOf(live, first.entitiesHash)
  // One apply at a time: each verifies against the set the one before it left live.
  let applying: Promise<unknown> = Promise.resolve()

  /** The set's changes applied in place, when they are a list of entity changes the evaluator takes. */
  const applyChanges = async (
    next: SignedPolicySet,
    policies: Policy[],
    presets: readonly Preset[],
  ): Promise<boolean> => {
    // In slices: at 100,000 accounts the comparison takes tens of milliseconds.
    const changes = await runInSlices(
      entityChangesBetweenInSteps(
        live.content.entities as Record<string, unknown>,
        next.content.entities as Record<string, unknown>,
      ),
    )
    if (!changes) return false
    try {
      if (changes.length > 0) inner.updateEntities(changes)
      inner.update({ policies, presets })
      return true
    } catch {
      // A library that cannot patch, or a change it cannot take.
      return false
    }
  }

  const load = async (next: SignedPolicySet) => {
    const policies = next.content.policies as Policy[]
    const presets = presetsOf(next.content, presetCatalogue)
    if (await applyChanges(next, policies, presets)) return
    // Loaded whole, in slices (the live set decides until it is in); when that fails, the live set is put back whole
    // (the changes may have been patched in before their policies were refused) and the failure reported.
    try {
      await inner.updateInSlices({
        entities: next.content.entities as unknown as Entities,
        policies,
        presets,
      })
    } catch (error) {
      await inner.updateInSlices({
        entities: live.content.entities as unknown as Entities,
        policies: live.content.policies as Policy[],
        presets: presetsOf(live.content, presetCatalogue),
      })
      throw error
    }
  }

  return {
    decide: (input) => inner.decide(input),
    accountsFor: (input) => inner.accountsFor(input),
    evaluate: (request, evaluateOptions) => inner.evaluate(request, evaluateOptions),
    async evaluateAndAttest(request, evaluateOptions) {
      const decision = inner.evaluate(request, evaluateOptions)
      if (!attestationKey) return decision
      const key: AttestationKey = attestationKey
      const attestation = await attest(decision, request, key, undefined, reference)
      return { ...decision, attestation }
    },
    apply(next) {
      const run = applying.then(async () => {
        const assessment = await verifyPolicySet(next, live, verifyOptions)
        await load(assessment.set)
        live = assessment.set
        reference = referenceOf(live, assessment.entitiesHash)
        return assessment
      })
      applying = run.catch(() => undefined)
      return run
    },
    get policySet() {
      return live
    },
    get reference() {
      return reference
    },
    get entities() {
      return inner.entities
    },
    get unavailable() {
      return inner.unavailable
    },
  }
}
