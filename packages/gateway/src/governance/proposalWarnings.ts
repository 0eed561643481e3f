import { checkPolicySet, type PolicySetContent } from '@rampart/evaluator'
import type { ProposalWarning } from './governanceSchema'

/**
 * The static checks of a proposed set's policies (the library's checkPolicySet, as `rampart policies validate`
 * runs them): a permit that can never decide, a permit with neither limit nor approval, a spending limit adding raw
 * units of several tokens, a typed-data permit without a verifying contract. Warnings, with JSON Pointers into the
 * proposal's content: they inform the approvers and never block a proposal.
 */
export function policySetWarnings(content: PolicySetContent): ProposalWarning[] {
  return checkPolicySet(content.policies, '/content/policies').map(({ code, path, message }) => ({
    code,
    path,
    message,
  }))
}
