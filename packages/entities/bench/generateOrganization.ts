import { createHash, generateKeyPairSync } from 'node:crypto'
import { checksumAddress } from '../src/checks/checkChecksums'
import type { Entities } from '../src/generated/entities'

export interface OrganizationSize {
  users: number
  accounts: number
  /** User groups and account groups, each. */
  groups: number
  /** Rows across userGroupMembers, userAccounts and accountGroupMembers. */
  memberships: number
  tokens: number
  addressBook: number
  credentials: number
}

const CHAINS = [1, 10, 137, 8453, 42161]
const ROLES = ['member', 'member', 'member', 'manager', 'admin'] as const

/** A deterministic 20-byte address for a seed, in EIP-55 mixed case so lookups must fold case. */
function address(seed: string): string {
  return checksumAddress(`0x${createHash('sha256').update(seed).digest('hex').slice(0, 40)}`)
}

/**
 * Builds a large, valid organization, the same on every run: users (the first hundredth of them root, each with
 * a credential), groups, accounts spread over five chains, memberships, tokens and an address book. Credentials
 * hold real secp256k1 and P-256 public keys, so the point-on-curve checks do real work.
 */
export function generateOrganization(size: OrganizationSize): Entities {
  const users = Array.from({ length: size.users }, (_, i) => ({
    id: `user-${i}@example.com`,
    role: i < size.users / 100 ? ('root' as const) : ROLES[i % ROLES.length]!,
  }))
  const userGroups = Array.from({ length: size.groups }, (_, i) => ({
    id: `user-group-${i}`,
    name: `Team ${i}`,
  }))
  const accounts = Array.from({ length: size.accounts }, (_, i) => {
    const chainId = CHAINS[i % CHAINS.length]!
    return {
      id: `eip155:${chainId}:account-${i}`,
      address: address(`account-${i}`),
      accountType: i % 7 === 0 ? ('4337' as const) : ('eoa' as const),
      chainId,
    }
  })
  const accountGroups = Array.from({ length: size.groups }, (_, i) => ({ id: `account-group-${i}` }))
  const perKind = Math.floor(size.memberships / 3)
  const userGroupMembers = Array.from({ length: perKind }, (_, i) => ({
    userId: users[i % size.users]!.id,
    groupId: userGroups[((i % size.users) * 7 + Math.floor(i / size.users)) % size.groups]!.id,
  }))
  const userAccounts = Array.from({ length: perKind }, (_, i) => ({
    userId: users[i % size.users]!.id,
    accountId: accounts[(i * 13) % size.accounts]!.id,
  }))
  const accountGroupMembers = Array.from({ length: size.memberships - 2 * perKind }, (_, i) => ({
    accountId: accounts[i % size.accounts]!.id,
    groupId: accountGroups[((i % size.accounts) * 11 + Math.floor(i / size.accounts)) % size.groups]!.id,
  }))
  const tokens = Array.from({ length: size.tokens }, (_, i) => {
    const chainId = CHAINS[i % CHAINS.length]!
    const tokenAddress = address(`token-${i}`)
    return {
      id: `eip155:${chainId}/erc20:${tokenAddress.toLowerCase()}`,
      address: tokenAddress,
      symbol: i % 50 === 0 ? null : `TK${i}`,
      chainId,
      decimals: i % 3 === 0 ? 6 : 18,
    }
  })
  const classifications = ['external', 'counterparty', 'internal', 'managed'] as const
  const addressBook = Array.from({ length: size.addressBook }, (_, i) => ({
    id: `address-book-${i}`,
    address: address(`counterparty-${i}`),
    chainId: CHAINS[i % CHAINS.length]!,
    classification: classifications[i % classifications.length]!,
  }))
  const credentials = Array.from({ length: size.credentials }, (_, i) => {
    const namedCurve = i % 2 === 0 ? 'secp256k1' : 'prime256v1'
    const { kty, crv, x, y } = generateKeyPairSync('ec', { namedCurve }).publicKey.export({ format: 'jwk' })
    const kid = `key-${i}`
    const key = { kty: kty!, crv, x, y, kid, alg: namedCurve === 'secp256k1' ? 'ES256K' : 'ES256' }
    return { id: kid, userId: users[i % size.users]!.id, key }
  })
  return {
    users,
    userGroups,
    userGroupMembers,
    userAccounts,
    credentials,
    accounts,
    accountGroups,
    accountGroupMembers,
    tokens,
    addressBook,
  }
}
