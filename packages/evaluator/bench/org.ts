// A synthetic organization at the scale the benchmarks use: users in teams, accounts on four chains assigned to
// users and grouped, an address book of counterparties, and 100 policies of the kinds a custody team writes.
import { type Entities, emptyEntities } from '@rampart/entities'
import { getAddress } from 'viem'
import type { Policy } from '../src'

export const CHAINS = [1, 8453, 42161, 137] as const
const USDC: Record<number, string> = {
  1: '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48',
  8453: '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913',
  42161: '0xaf88d065e77c8cc2239327c5edb3a432268e5831',
  137: '0x3c499c542cef5e3811e1192ce70d8cc03d5c3359',
}

export const USER_GROUPS = 100
export const ACCOUNT_GROUPS = 50

const address = (kind: number, i: number) => `0x${kind.toString(16)}${(i + 1).toString(16).padStart(39, '0')}`
export const accountAddress = (i: number) => address(0xa, i)
export const counterpartyAddress = (i: number) => address(0xc, i)
export const usdcAddress = (chainId: number) => USDC[chainId] as string
export const userId = (i: number) => `user-${i}@example.com`
export const accountId = (i: number) => `acct-${i}`
export const chainOf = (account: number) => CHAINS[account % CHAINS.length] as number

/**
 * The organization in the shape users write it: account ids capitalized (`Acct-7`), and named so by their links,
 * addresses in EIP-55 case. Changes the document in place and returns it.
 */
export function inMixedCase(entities: Entities): Entities {
  for (const account of entities.accounts) {
    account.address = getAddress(account.address)
    account.id = account.id.replace('acct', 'Acct')
  }
  for (const link of entities.userAccounts) link.accountId = link.accountId.replace('acct', 'Acct')
  for (const link of entities.accountGroupMembers) link.accountId = link.accountId.replace('acct', 'Acct')
  return entities
}

/** An organization of `users` users and `accounts` accounts. Account i belongs to user i mod users. */
export function syntheticOrg(users: number, accounts: number): Entities {
  const entities: Entities = {
    ...emptyEntities(),
    tokens: CHAINS.map((chainId) => ({
      id: `eip155:${chainId}/erc20:${usdcAddress(chainId)}`,
      address: usdcAddress(chainId),
      symbol: 'USDC',
      chainId,
      decimals: 6,
    })),
  }
  for (let g = 0; g < USER_GROUPS; g++) entities.userGroups.push({ id: `team-${g}`, name: `Team ${g}` })
  for (let g = 0; g < ACCOUNT_GROUPS; g++) entities.accountGroups.push({ id: `vault-${g}` })
  for (let i = 0; i < users; i++) {
    const role = i % 500 === 0 ? 'root' : i % 100 === 0 ? 'admin' : i % 5 === 0 ? 'manager' : 'member'
    entities.users.push({ id: userId(i), role })
    entities.userGroupMembers.push({ userId: userId(i), groupId: `team-${i % USER_GROUPS}` })
  }
  for (let i = 0; i < accounts; i++) {
    entities.accounts.push({
      id: accountId(i),
      address: accountAddress(i),
      accountType: i % 10 === 9 ? '4337' : 'eoa',
      chainId: chainOf(i),
    })
    entities.userAccounts.push({ userId: userId(i % users), accountId: accountId(i) })
    entities.accountGroupMembers.push({ accountId: accountId(i), groupId: `vault-${i % ACCOUNT_GROUPS}` })
  }
  for (let i = 0; i < 1000; i++) {
    for (const chainId of [1, 8453]) {
      entities.addressBook.push({
        id: `counterparty-${i}:${chainId}`,
        address: counterpartyAddress(i),
        chainId,
        classification: i % 10 === 0 ? 'external' : 'counterparty',
      })
    }
  }
  return entities
}

const policy = (id: string, effect: 'permit' | 'forbid', when: unknown[]): Policy =>
  // biome-ignore lint/suspicious/noThenProperty: `then` is the policy's effect, as policy.schema.json names it.
  ({ id, then: effect, when }) as Policy

/** 100 policies: per-team transfer permits (some with daily limits), approvals, forbids and signing permits. */
/**
 * The bench's 100 policies. With `currency`, the USDC allowances, their daily limits and the members' large-transfer
 * forbids are written in that currency instead of token units (same shape, same count), so the evaluator values the
 * request at its prices on every call.
 */
export function benchPolicies(currency?: string): Policy[] {
  const policies: Policy[] = []
  const inCurrency = currency === undefined ? { unit: 'token' } : { currency }
  for (let g = 0; g < 40; g++) {
    const when: unknown[] = [
      { criterion: 'checkAction', args: ['signTransaction'] },
      { criterion: 'checkIntentType', args: ['erc20Transfer'] },
      { criterion: 'checkPrincipalGroup', args: [`team-${g}`] },
      { criterion: 'checkAccountAssigned' },
      { criterion: 'checkDestinationClassification', args: ['counterparty', 'internal'] },
      {
        criterion: 'checkIntentToken',
        args: CHAINS.map((chainId) => `eip155:${chainId}/erc20:${usdcAddress(chainId)}`),
      },
      { criterion: 'checkIntentAmount', args: { operator: 'lte', value: '250000', ...inCurrency } },
    ]
    if (g % 4 === 0) {
      when.push({
        criterion: 'checkSpendingLimit',
        args: {
          ...(currency === undefined ? { limit: '1000000000000' } : { limit: '1000000', currency }),
          window: { type: 'fixed', period: 'day' },
          filters: { perPrincipal: true },
        },
      })
    }
    policies.push(policy(`team-${g}-usdc`, 'permit', when))
  }
  for (let g = 40; g < 60; g++) {
    policies.push(
      policy(`team-${g}-native`, 'permit', [
        { criterion: 'checkAction', args: ['signTransaction'] },
        { criterion: 'checkIntentType', args: ['nativeTransfer'] },
        { criterion: 'checkPrincipalGroup', args: [`team-${g}`] },
        { criterion: 'checkIntentAmount', args: { operator: 'lte', value: '10', unit: 'token' } },
      ]),
    )
  }
  for (let i = 0; i < 10; i++) {
    policies.push(
      policy(`members-large-erc20-${i}`, 'forbid', [
        { criterion: 'checkIntentType', args: ['erc20Transfer'] },
        { criterion: 'checkPrincipalRole', args: ['member'] },
        { criterion: 'checkAccountGroup', args: [`vault-${i}`] },
        { criterion: 'checkIntentAmount', args: { operator: 'gt', value: '1000000', ...inCurrency } },
      ]),
    )
  }
  for (let i = 0; i < 10; i++) {
    policies.push(
      policy(`sign-in-${i}`, 'permit', [
        { criterion: 'checkAction', args: ['signMessage', 'signTypedData'] },
        { criterion: 'checkPrincipalGroup', args: [`team-${60 + i}`] },
        { criterion: 'checkAccountAssigned' },
      ]),
    )
  }
  for (let i = 0; i < 10; i++) {
    policies.push(
      policy(`approve-router-${i}`, 'permit', [
        { criterion: 'checkAction', args: ['signTransaction'] },
        { criterion: 'checkIntentType', args: ['erc20Approve', 'permit2Approve'] },
        { criterion: 'checkPrincipalGroup', args: [`team-${70 + i}`] },
        { criterion: 'checkIntentSpender', args: ['0x66a9893cc07d91d95644aedd05d03f95e1dba8af'] },
      ]),
    )
  }
  for (let i = 0; i < 5; i++) {
    policies.push(
      policy(`forbid-external-${i}`, 'forbid', [
        { criterion: 'checkDestinationClassification', args: ['external'] },
        { criterion: 'checkIntentChainId', args: [CHAINS[i % CHAINS.length]] },
      ]),
    )
  }
  for (let i = 0; i < 5; i++) {
    policies.push(
      policy(`admins-with-approval-${i}`, 'permit', [
        { criterion: 'checkPrincipalRole', args: ['admin', 'root'] },
        { criterion: 'checkAccountGroup', args: [`vault-${i}`] },
        {
          criterion: 'checkApprovals',
          args: [
            { approvalCount: 2, approvalEntityType: 'userRole', entityIds: ['admin'], countPrincipal: false },
          ],
        },
      ]),
    )
  }
  return policies
}

/** The JSON-RPC request of an ERC-20 transfer of 1,000 USDC from account `account` to a counterparty. */
export function transferRpc(account: number) {
  const chainId = chainOf(account)
  const to = counterpartyAddress(7).slice(2)
  return {
    method: 'eth_sendTransaction',
    params: [
      {
        from: accountAddress(account),
        to: usdcAddress(chainId),
        chainId,
        value: '0x0',
        data: `0xa9059cbb${to.padStart(64, '0')}${(1_000_000_000).toString(16).padStart(64, '0')}`,
      },
    ],
  }
}
