// The benchmark scenario shared by `pnpm bench` and `pnpm bench:opa`: the synthetic organization, its 100
// policies, and a decoded ERC-20 transfer by a treasury member from one of their own accounts.
import { decodeRequest } from '@rampart/decoder'
import type { EvaluationRequest } from '../src'
import { accountId, benchPolicies, CHAINS, syntheticOrg, transferRpc, usdcAddress, userId } from './org'

/** Account 804 is on chain 1 and belongs to user 804, a member of team-4, which may move USDC. */
const ACCOUNT = 804

/**
 * The scenario; with `currency`, its amount criteria and limits are in that currency (see benchPolicies) and the
 * request carries a price for USDC on each chain, quoted a minute before it.
 */
export function scenario(users: number, accounts: number, currency?: string) {
  const entities = syntheticOrg(users, accounts)
  const policies = benchPolicies(currency)
  const resolution = decodeRequest(transferRpc(ACCOUNT), { entities })
  const request: EvaluationRequest = {
    action: 'signTransaction',
    principal: userId(ACCOUNT % users),
    resource: accountId(ACCOUNT),
    intent: resolution.intent as EvaluationRequest['intent'],
    now: 1_741_953_600,
  }
  if (currency !== undefined)
    request.prices = Object.fromEntries(
      CHAINS.map((chainId) => [
        `eip155:${chainId}/erc20:${usdcAddress(chainId)}`,
        { [currency]: { price: '0.99985', timestamp: 1_741_953_540 } },
      ]),
    )
  return { entities, policies, request }
}
