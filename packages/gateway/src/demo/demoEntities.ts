import type { Entities, Jwk } from '@rampart/entities'
import type { JWK } from 'jose'

/** Who the demo client's key speaks for, and the accounts its connection signs from. */
export type DemoIdentity = {
  /** The entities user the key is a credential of. */
  userId: string
  /** The demo key's public JWK; its `kid` is the principal the policies see. */
  publicJwk: JWK
  /** The connection's EVM addresses, one per chain, as the signing pipeline names them. */
  accounts: { chainId: number; address: string }[]
  /** The entities account groups each of those accounts joins. */
  accountGroups: string[]
}

/** The entities account id of an EVM address on a chain: the resource the policies see when it signs. */
export const demoAccountId = (chainId: number, address: string) => `eip155:${chainId}:${address}`

/**
 * The client's entities with the demo identity added: the key as a credential of the user, each address as an
 * EOA account in the groups and assigned to the user. Only what is missing is added, so the same entities come
 * back unchanged (null) on every later start. Nothing existing is rewritten: an operator's edit stays theirs.
 */
export function withDemoIdentity(entities: Entities, identity: DemoIdentity): Entities | null {
  const kid = identity.publicJwk.kid
  // Fail closed: without a kid, the credential could never be found, and the key would sign as no one.
  if (!kid) throw new Error('Demo provisioning: the demo key has no kid')
  const credentials = [...(entities.credentials ?? [])]
  const accounts = [...(entities.accounts ?? [])]
  const accountGroupMembers = [...(entities.accountGroupMembers ?? [])]
  const userAccounts = [...(entities.userAccounts ?? [])]
  const before = credentials.length + accounts.length + accountGroupMembers.length + userAccounts.length

  if (!credentials.some((credential) => credential.id === kid || credential.key.kid === kid)) {
    const { d: _private, ...key } = identity.publicJwk
    credentials.push({ id: kid, userId: identity.userId, key: key as Jwk })
  }
  for (const { chainId, address } of identity.accounts) {
    const accountId = demoAccountId(chainId, address)
    if (!accounts.some((account) => account.id === accountId))
      accounts.push({ id: accountId, address, accountType: 'eoa', chainId })
    for (const groupId of identity.accountGroups) {
      if (!accountGroupMembers.some((m) => m.accountId === accountId && m.groupId === groupId))
        accountGroupMembers.push({ accountId, groupId })
    }
    if (!userAccounts.some((a) => a.accountId === accountId && a.userId === identity.userId))
      userAccounts.push({ userId: identity.userId, accountId })
  }

  const after = credentials.length + accounts.length + accountGroupMembers.length + userAccounts.length
  if (after === before) return null
  return { ...entities, credentials, accounts, accountGroupMembers, userAccounts }
}
