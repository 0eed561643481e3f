import type { PolicySetContent } from '@rampart/evaluator'
import type { ProposalWarning } from './governanceSchema'

/**
 * The static checks of a proposed set (a permit that can never decide, a permit with neither limit nor approval,
 * a spending limit adding raw units of several tokens, a typed-data permit without a verifying contract). They are
 * the decision-log branch's (wt-log) library function: until it lands here, no check runs and proposals carry no
 * warnings. This is the one place to call it from.
 */
export function policySetWarnings(_content: PolicySetContent): ProposalWarning[] {
  return []
}
