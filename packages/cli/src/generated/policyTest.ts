/* This file is generated from schemas/ by `pnpm types:generate`. Do not edit it by hand. */

/**
 * A policy test file for `rampart policies test`: an organization, a policy set, and cases, each a signing request with who asks, the approvals given, the history and the time, and the decision expected. Paths are relative to the test file.
 */
export interface PolicyTest {
  $schema?: string
  description?: string
  /**
   * The Entities document of the organization (a whole one), relative to this file.
   */
  entities: string
  /**
   * The policy set: a policy file relative to this file, or the policies themselves (policy.schema.json each).
   */
  policies: string | {}[]
  /**
   * Preset files (preset.schema.json each), relative to this file, that cases may name beside the built-in presets.
   *
   * @maxItems 100
   */
  presets?: string[]
  /**
   * @minItems 1
   * @maxItems 10000
   */
  cases: [Case, ...Case[]]
}
/**
 * This interface was referenced by `PolicyTest`'s JSON-Schema
 * via the `definition` "Case".
 */
export interface Case {
  name: string
  /**
   * What `rampart evaluate` reads: a JSON-RPC request, an /evaluate body {request, protocolPresets}, or {action: "signRaw" | "grantPermission", payloads, algorithm, signer, permissions}; or a file holding one, relative to this file.
   */
  request: string | {}
  /**
   * User or credential id asking; the signing account's one assigned user when left out.
   */
  principal?: string
  /**
   * The account id signing, when the case names it.
   */
  resource?: string
  /**
   * User or credential ids that approved the request.
   *
   * @maxItems 1000
   */
  approvals?: string[]
  /**
   * Past transfers that spending and rate limits count (evaluationRequest.schema.json's history).
   *
   * @maxItems 100000
   */
  history?: {}[]
  /**
   * Evaluation time, unix seconds.
   */
  now?: number
  /**
   * Prices for the policies that value amounts in a currency, as the library takes them (evaluationRequest.schema.json's prices): by CAIP-19 asset id, then by currency, each { price, timestamp }.
   */
  prices?: {}
  /**
   * The chain of a request that names none (a personal message, a user operation).
   */
  chainId?: number
  /**
   * Preset ids to evaluate the request against as well.
   *
   * @maxItems 100
   */
  presets?: string[]
  expect: Expectation
}
/**
 * The decision expected; each other member, when given, must match too.
 *
 * This interface was referenced by `PolicyTest`'s JSON-Schema
 * via the `definition` "Expectation".
 */
export interface Expectation {
  decision: 'Permit' | 'Forbid' | 'Confirm'
  /**
   * The id of the policy that decides.
   */
  decidingPolicy?: string
  /**
   * The reason code of the decision.
   */
  reason?:
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
  /**
   * Approvals still needed, summed over every requirement of the deciding permit.
   */
  missingApprovals?: number
  /**
   * When the deciding permit offers sets of approvals (checkApprovals with anyOf): the index of the set the decision reports (its approvals.alternative), the first with the fewest approvals missing.
   */
  approvalAlternative?: number
  /**
   * With presets: whether a requested preset permits the request.
   */
  expectedBehavior?: boolean
}
