// Quorum-signed policy sets: what the evaluator verifies before it loads a set, and the tools to make one.

export {
  type ApprovalStatement,
  POLICY_APPROVAL_TYPE,
  statementBytes,
  statementChallenge,
  statementOf,
} from './approvalStatement'
export {
  type ApprovalContext,
  type ApprovalCredential,
  type ApprovalVerifier,
  DEFAULT_APPROVAL_VERIFIERS,
  verifyJwsApproval,
} from './approvalVerifiers'
export {
  type AssessOptions,
  assessPolicySet,
  type PolicySetAssessment,
  type PolicySetPredecessor,
  verifyPolicySet,
} from './assessPolicySet'
export {
  createGovernedEvaluator,
  type GovernedEvaluator,
  type GovernedEvaluatorOptions,
} from './createGovernedEvaluator'
export {
  APPROVAL_ALGORITHMS,
  type ApprovalAlgorithm,
  isApprovalAlgorithm,
  keyFits,
} from './credentialSignature'
export {
  type CollectionDiff,
  diffPolicySets,
  type PolicySetDiff,
} from './diffPolicySets'
export { GovernanceError, type GovernanceErrorCode, governanceErrors } from './governanceErrors'
export { contentHashOf, entitiesHashOf, sha256Canonical } from './policySetHash'
export { type Approver, describeQuorum, quorumMet } from './quorum'
export { signPolicySetApproval } from './signPolicySetApproval'
export { validateSignedPolicySet } from './validateSignedPolicySet'
export {
  verifyWebAuthnApproval,
  type WebAuthnAssertionResponse,
  webauthnApprovalOf,
} from './webauthnApproval'
