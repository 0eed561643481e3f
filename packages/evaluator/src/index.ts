// The public face of @rampart/evaluator.

export { actionForMethod } from './actionForMethod'
export {
  ATTESTATION_TYPE,
  type AttestationKey,
  type AttestationPayload,
  attest,
  hashRequest,
  type PolicySetReference,
  verifyAttestation,
} from './attestation'
export { canonicalJson } from './canonicalJson'
export {
  createEvaluator,
  type EvaluateOptions,
  type Evaluator,
  type EvaluatorOptions,
  type EvaluatorUpdate,
} from './createEvaluator'
export type { Decided, DecisionInput, Signer } from './decide'
export {
  GENESIS_HASH,
  hashLogEntry,
  sealLogEntry,
  sealLogEntryText,
  sealLogEntryTextInSteps,
  type UnsealedLogEntry,
} from './decisionLog/logEntryHash'
export {
  type AttestationPublicKey,
  attestationProblem,
  attestationPublicKey,
} from './decisionLog/verifyLogAttestation'
export {
  type LogBreak,
  type LogBreakCode,
  type LogChainOptions,
  LogChainVerifier,
  type LogVerification,
  verifyLogChain,
} from './decisionLog/verifyLogChain'
export { ENTRYPOINTS, WASM_PATH } from './entrypoints'
export { EvaluatorError, type EvaluatorErrorCode, type EvaluatorIssue, evaluatorErrors } from './errors'
export { formatFiatUnits, toFiatUnits } from './fiatValue'
export type { ApprovalState, Decision, Reason } from './generated/decision'
export type {
  DecisionLogEntry,
  LoggedApprover,
  LoggedChange,
  LoggedDecision,
  LoggedPolicyState,
  LoggedRequestReference,
} from './generated/decisionLogEntry'
export type {
  EvaluationRequest,
  HistoryMovement,
  HistoryTotal,
  HistoryTransfer,
  HistoryWindow,
  Price,
  PriceTable,
} from './generated/evaluationRequest'
export type * from './generated/policy'
export type { Preset } from './generated/preset'
export type * from './generated/signedPolicySet'
export * from './governance/index'
export { canonicalJsonInSteps, hashRequestInSteps } from './hashInSteps'
export { historyReach, historyWindows } from './historyReach'
export { sumHistory } from './historyTotals'
export { runInSlices, type Steps } from './inSlices'
export { BUILTIN_PRESETS } from './presets'
export { DEFAULT_PRICE_MAX_AGE } from './priceBook'
export { assetsToPrice, currenciesIn } from './pricedAssets'
export { refusal } from './refusal'
export {
  type DecisionKind,
  type FlipExample,
  type FlipGroup,
  type LiveDecision,
  type RecordedDecision,
  Replay,
  type ReplayCandidate,
  type ReplayOptions,
  type ReplayReport,
  replayDecisions,
  widens,
} from './replay'
export { requestHistory } from './requestHistory'
export {
  type CheckPolicySetOptions,
  checkPolicySet,
  MAX_PAIRWISE_POLICIES,
  type PolicyWarning,
  type PolicyWarningCode,
  policyWarningCodes,
} from './staticChecks/checkPolicySet'
export { type PolicyValidationResult, validatePolicies, validatePresets } from './validatePolicies'
