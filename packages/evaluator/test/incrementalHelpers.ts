import { decodeRequest } from '@rampart/decoder'
import type { Entities } from '@rampart/entities'
import { expect } from 'vitest'
import { accountAddress, accountId, chainOf, transferRpc, userId } from '../bench/org'
import type { Evaluator } from '../src'

/** The synthetic organization the incremental-update tests start from (bench/org.ts syntheticOrg). */
export const USERS = 12
export const ACCOUNTS = 30
const NOW = 1_741_953_600

/**
 * Every decision the requests below get from an evaluator: one per user and account (and a few unknown), by
 * signer, and by resource for the first accounts of `entities`. Two evaluators that agree on all of them decide
 * the organization alike.
 */
export function everyDecision(evaluator: Evaluator, entities: Entities): string[] {
  const out: string[] = []
  const intent = decodeRequest(transferRpc(4), { entities: evaluator.entities }).intent
  for (let u = 0; u < USERS + 2; u += 1) {
    for (let a = 0; a < ACCOUNTS + 4; a += 3) {
      const decided = evaluator.decide({
        principal: userId(u),
        decoded: { action: 'eth_sendTransaction', intent: intent as never },
        signer: { address: accountAddress(a), chainId: chainOf(a) },
        now: NOW,
      })
      out.push(`${u}/${a}: ${decided.decision.decision} ${JSON.stringify(decided.decision.reason)}`)
    }
  }
  for (const account of entities.accounts.slice(0, 8))
    out.push(
      `${account.id}: ${evaluator.evaluate({ action: 'signTransaction', principal: userId(1), resource: account.id, intent: intent as never, now: NOW }).decision}`,
    )
  return out
}

/** A copy of the organization as fresh documents (what a caller would hand createEvaluator). */
export const copyOf = (entities: Entities): Entities => JSON.parse(JSON.stringify(entities))

/** Account `i` of the synthetic organization, assigned to user 4 and a member of vault-0. */
export const added = (i: number) => ({
  account: {
    id: accountId(i),
    address: accountAddress(i),
    accountType: 'eoa' as const,
    chainId: chainOf(i),
  },
  link: { userId: userId(4), accountId: accountId(i) },
  member: { accountId: accountId(i), groupId: 'vault-0' },
})

/** The organization with one more account, its assignment and its group, as an immutable update makes it. */
export const withAccount = (entities: Entities, groupId = 'vault-0'): Entities => {
  const { account, link } = added(ACCOUNTS)
  return {
    ...entities,
    accounts: [...entities.accounts, account],
    userAccounts: [...entities.userAccounts, link],
    accountGroupMembers: [...entities.accountGroupMembers, { accountId: account.id, groupId }],
  }
}

/**
 * That an update of withAccount(entities, 'no-such-vault') was refused with one issue, pointing at the new
 * membership's group in the document, and left the old organization deciding.
 */
export function expectRefusedInPlace(
  refused: unknown,
  evaluator: Evaluator,
  entities: Entities,
  before: readonly string[],
): void {
  expect((refused as { details?: { issues?: unknown } }).details?.issues).toEqual([
    expect.objectContaining({
      code: 'dangling-reference',
      path: `/accountGroupMembers/${entities.accountGroupMembers.length}/groupId`,
    }),
  ])
  expect(evaluator.entities.account(accountId(ACCOUNTS))).toBeUndefined()
  expect(everyDecision(evaluator, entities)).toEqual(before)
}
