import { defineErrors, type ErrorRegistry } from '@rampart/entities'
import type { EvaluatorIssue } from '../errors'

/** Why a signed policy set is refused: each is a refusal to load it, never a partial load. */
export const governanceErrors = {
  POLICY_SET_INVALID: {
    meaning:
      'The signed policy set does not match its schema, or its policies, entities or presets do not validate; details.issues says where.',
  },
  POLICY_SET_ALTERED: {
    meaning:
      'The content does not hash to the contentHash the approvals signed: it was changed after it was signed.',
  },
  POLICY_SET_OUT_OF_ORDER: {
    meaning:
      'The set does not follow the live one: another setId, a version that is not the next one, or a previousHash that is not the live content hash (or, for a bootstrap, version 1 and previousHash null).',
  },
  POLICY_SET_SIGNATURE_INVALID: {
    meaning:
      'An approval does not verify: an unknown credential, a signature that does not match, or a statement about another set; details.issues says which.',
  },
  POLICY_SET_QUORUM_NOT_MET: {
    meaning:
      'The approvals, all valid, do not meet the quorum of the live set (of the set itself for a bootstrap).',
  },
} satisfies ErrorRegistry

export type GovernanceErrorCode = keyof typeof governanceErrors

/** A signed policy set the evaluator refuses to load: `new GovernanceError(code, message, { issues })`. */
export class GovernanceError extends defineErrors('GovernanceError', governanceErrors)<{
  issues: EvaluatorIssue[]
}>() {}
