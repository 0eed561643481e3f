// The benchmark scenario shared by `pnpm bench` and `pnpm bench:opa`: the synthetic organization, its 100
// policies, and a decoded ERC-20 transfer by a treasury member from one of their own accounts.
import { decodeRequest } from '@rampart/decoder'
import type { EvaluationRequest } from '../src'
import { accountId, benchPolicies, syntheticOrg, transferRpc, userId } from './org'

/** Account 804 is on chain 1 and belongs to user 804, a member of team-4, which may move USDC. */
const ACCOUNT = 804

export function scenario(users: number, accounts: number) {
  const entities = syntheticOrg(users, accounts)
  const policies = benchPolicies()
  const resolution = decodeRequest(transferRpc(ACCOUNT), { entities })
  const request: EvaluationRequest = {
    action: 'signTransaction',
    principal: userId(ACCOUNT % users),
    resource: accountId(ACCOUNT),
    intent: resolution.intent as EvaluationRequest['intent'],
    now: 1_741_953_600,
  }
  return { entities, policies, request }
}
