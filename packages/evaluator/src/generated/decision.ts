/* This file is generated from schemas/ by `pnpm types:generate`. Do not edit it by hand. */

/**
 * The evaluator's answer. Permit: a matching permit has its approvals. Confirm: a matching permit still needs approvals (see approvals.missing). Forbid: a matching forbid, no matching permit, or a refusal (invalid request, unavailable or failing evaluator): never a permit by default.
 */
export interface Decision {
  decision: 'Permit' | 'Forbid' | 'Confirm'
  reason: Reason
  /**
   * The policy that decided: the first matching forbid, else the permit.
   */
  decidingPolicy?: string
  /**
   * Ids of every matching policy, in policy order.
   */
  matchedPolicies: string[]
  /**
   * For a forbid by policy: the criteria of the deciding policy as it states them, all of which held. A gas fee criterion (checkGasFeeAmount) that held because the request pays gas without a known maximum fee carries unknown: true.
   */
  heldCriteria?: {}[]
  /**
   * The approval requirements of the deciding permit. When it offers several sets of requirements (checkApprovals with anyOf), required, missing and satisfied are those of the set named by alternative, and alternatives reports every set.
   */
  approvals: {
    required: ApprovalState[]
    missing: ApprovalState[]
    satisfied: ApprovalState[]
    /**
     * Present when the deciding permit offers several sets of approval requirements, any one of which is enough: each set, in the policy's order, with what it still misses.
     */
    alternatives?: ApprovalSet[]
    /**
     * With alternatives: the index of the set reported in required, missing and satisfied, the first with the fewest approvals missing (for a Permit, the first set satisfied).
     */
    alternative?: number
  }
  /**
   * Present when presets were asked for: whether a requested preset permits the request, and the presets whose policies matched it.
   */
  policyEvaluation?: {
    expectedBehavior: boolean
    matchedPresets: {
      presetId: string
      matchedPolicies: string[]
    }[]
  }
  /**
   * Compact JWS over {decision, requestHash, iat}, signed with the evaluator's attestation key.
   */
  attestation?: string
}
/**
 * This interface was referenced by `Decision`'s JSON-Schema
 * via the `definition` "Reason".
 */
export interface Reason {
  /**
   * Stable: PERMITTED and APPROVALS_MISSING decide by a permit, FORBIDDEN_BY_POLICY and NO_MATCHING_PERMIT by the policies; UNKNOWN_PRINCIPAL, UNKNOWN_RESOURCE (the signer is no account of the organization, or the request names none), INVALID_REQUEST and DECODING_FAILED (the decoder could not fully read the request, or an intent nested in it) refuse what cannot be placed or read; EVALUATOR_UNAVAILABLE, EVALUATION_FAILED and INVALID_RESULT refuse when the evaluator itself cannot decide; PRICE_UNAVAILABLE refuses a request that candidate policies value in a currency when a price it needs is missing or older than the maximum age.
   */
  code:
    | 'PERMITTED'
    | 'APPROVALS_MISSING'
    | 'FORBIDDEN_BY_POLICY'
    | 'NO_MATCHING_PERMIT'
    | 'UNKNOWN_PRINCIPAL'
    | 'UNKNOWN_RESOURCE'
    | 'INVALID_REQUEST'
    | 'DECODING_FAILED'
    | 'EVALUATOR_UNAVAILABLE'
    | 'EVALUATION_FAILED'
    | 'INVALID_RESULT'
    | 'PRICE_UNAVAILABLE'
  message: string
  /**
   * For INVALID_REQUEST and DECODING_FAILED: what is wrong, each with a JSON Pointer into the evaluation request.
   */
  errors?: {
    path: string
    message: string
  }[]
}
/**
 * This interface was referenced by `Decision`'s JSON-Schema
 * via the `definition` "ApprovalState".
 */
export interface ApprovalState {
  policyId: string
  approvalCount: number
  approvalEntityType: 'user' | 'userGroup' | 'userRole'
  entityIds: string[]
  countPrincipal: boolean
  approvedBy: string[]
  /**
   * Approvals still needed.
   */
  missing: number
}
/**
 * This interface was referenced by `Decision`'s JSON-Schema
 * via the `definition` "ApprovalSet".
 */
export interface ApprovalSet {
  required: ApprovalState[]
  missing: ApprovalState[]
  satisfied: ApprovalState[]
}
