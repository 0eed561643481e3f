import { createHash } from 'node:crypto'
import { p256 } from '@noble/curves/nist.js'
import { secp256k1 } from '@noble/curves/secp256k1.js'
import { checksumAddress } from '../src/checks/checkChecksums'
import type { Entities } from '../src/generated/entities'

/**
 * The shape measured from outside (issue #24, conventions "Benchmarks on the shapes users have"): 10k users, 100k
 * accounts, 200k memberships, 10k credentials, ids in mixed case as people type them (`Treasury-Ops-0042`),
 * EIP-55 addresses, and memberships that spell an id in another case than its declaration about a fifth of the
 * time. The lowercase-id bench document hid the cost of every lookup that misses the exact spelling.
 */
export const ANCHOR_SIZE = {
  users: 10_000,
  userGroups: 500,
  accounts: 100_000,
  accountGroups: 2_000,
  userGroupMembers: 50_000,
  accountGroupMembers: 150_000,
  userAccounts: 20_000,
  credentials: 10_000,
  tokens: 5_000,
  addressBook: 20_000,
}

const CHAINS = [1, 10, 137, 8453, 42161]
const CHAIN_NAMES: Record<number, string> = { 1: 'Eth', 10: 'Op', 137: 'Polygon', 8453: 'Base', 42161: 'Arb' }
const ROLES = ['member', 'member', 'member', 'manager', 'admin'] as const
const FIRST = ['Alice', 'Bruno', 'Chloé', 'Dmitri', 'Eun-Ji', 'Fatima', 'Giulia', 'Hiro', 'Ines', 'Jonas']
const LAST = ['Moreno', 'OBrien', 'Nakamura', 'Schmidt', 'Okafor', 'Larsen', 'Dubois', 'Kowalski', 'Singh']
const TEAMS = ['Treasury', 'Trading', 'Compliance', 'Ops', 'Risk', 'Finance', 'Security', 'Payroll']
const FUNCTIONS = ['Ops', 'Approvers', 'Signers', 'Desk', 'Review', 'OnCall']
const WALLETS = ['Hot', 'Warm', 'Cold', 'Deposit', 'Sweep', 'Fees', 'Settlement']

const pad = (n: number, width: number) => String(n).padStart(width, '0')
const sha256 = (seed: string) => createHash('sha256').update(seed).digest()

/** A deterministic number in [0, n) for a seed (FNV-1a), so the document is the same on every run. */
function pick(seed: string, n: number): number {
  let hash = 0x811c9dc5
  for (let i = 0; i < seed.length; i++) hash = Math.imul(hash ^ seed.charCodeAt(i), 0x01000193)
  return (hash >>> 0) % n
}

function address(seed: string): string {
  return checksumAddress(`0x${sha256(seed).toString('hex').slice(0, 40)}`)
}

/**
 * How a reference spells an id: as declared most of the time, otherwise lowercased, uppercased or with its first
 * letter's case flipped (22% in all, the share measured on the anchor's document).
 */
function spelled(id: string, seed: string): string {
  const roll = pick(seed, 100)
  if (roll >= 22) return id
  if (roll < 10) return id.toLowerCase()
  if (roll < 16) return id.toUpperCase()
  const first = id[0]!
  const flipped = first === first.toUpperCase() ? first.toLowerCase() : first.toUpperCase()
  return flipped + id.slice(1)
}

const base64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url')

type Curve = typeof secp256k1 | typeof p256

/**
 * Real public keys, each of a private key one more than the last (from a seeded start): the next key is a point
 * addition away, where deriving each from its own private key took a third of a millisecond.
 */
function publicKeys(curve: Curve, seed: string, count: number): Array<{ x: string; y: string }> {
  const start = BigInt(`0x${sha256(seed).toString('hex')}`) % curve.Point.CURVE().n
  let point = curve.Point.BASE.multiply(start)
  const keys = []
  for (let i = 0; i < count; i++) {
    const bytes = point.toBytes(false)
    keys.push({ x: base64url(bytes.subarray(1, 33)), y: base64url(bytes.subarray(33, 65)) })
    point = point.add(curve.Point.BASE)
  }
  return keys
}

/** secp256k1 and P-256 keys alternately, so the point-on-curve checks do their real work on both. */
function jwks(count: number) {
  const half = Math.ceil(count / 2)
  const k1 = publicKeys(secp256k1, 'anchor-secp256k1', half)
  const r1 = publicKeys(p256, 'anchor-p256', half)
  return Array.from({ length: count }, (_, i) => {
    const secp = i % 2 === 0
    const { x, y } = (secp ? k1 : r1)[i >> 1]!
    return {
      kty: 'EC',
      crv: secp ? 'secp256k1' : 'P-256',
      x,
      y,
      kid: `Key-${secp ? 'K1' : 'P256'}-${pad(i, 5)}`,
      alg: secp ? 'ES256K' : 'ES256',
      use: 'sig',
    }
  })
}

/** Builds the anchor-shaped organization, valid and the same on every run (a few seconds: 10k keys, 125k hashes). */
export function generateAnchorOrganization(size = ANCHOR_SIZE): Entities {
  const users = Array.from({ length: size.users }, (_, i) => ({
    id: `${FIRST[i % FIRST.length]}.${LAST[(i * 7) % LAST.length]}-${pad(i, 5)}@Rampart-Custody.io`,
    role: i < size.users / 100 ? ('root' as const) : ROLES[i % ROLES.length]!,
  }))
  const userGroups = Array.from({ length: size.userGroups }, (_, i) => {
    const name = `${TEAMS[i % TEAMS.length]}-${FUNCTIONS[(i >> 3) % FUNCTIONS.length]}`
    return { id: `${name}-${pad(i, 4)}`, name: name.replace('-', ' ') }
  })
  const accounts = Array.from({ length: size.accounts }, (_, i) => {
    const chainId = CHAINS[i % CHAINS.length]!
    return {
      id: `Vault-${WALLETS[(i >> 2) % WALLETS.length]}-${CHAIN_NAMES[chainId]}-${pad(i, 6)}`,
      address: address(`anchor-account-${i}`),
      accountType: i % 7 === 0 ? ('4337' as const) : ('eoa' as const),
      chainId,
    }
  })
  const accountGroups = Array.from({ length: size.accountGroups }, (_, i) => ({
    id: `Desk-${TEAMS[i % TEAMS.length]}-${WALLETS[(i >> 3) % WALLETS.length]}-${pad(i, 4)}`,
  }))
  // Pairs are distinct by construction (a member's groups differ by their offset), so no row repeats another.
  const userGroupMembers = Array.from({ length: size.userGroupMembers }, (_, i) => {
    const u = i % size.users
    const g = (u * 7 + Math.floor(i / size.users) * 31) % size.userGroups
    return {
      userId: spelled(users[u]!.id, `ugm-u-${i}`),
      groupId: spelled(userGroups[g]!.id, `ugm-g-${i}`),
    }
  })
  const userAccounts = Array.from({ length: size.userAccounts }, (_, i) => ({
    userId: spelled(users[i % size.users]!.id, `ua-u-${i}`),
    accountId: spelled(accounts[(i * 13) % size.accounts]!.id, `ua-a-${i}`),
  }))
  const accountGroupMembers = Array.from({ length: size.accountGroupMembers }, (_, i) => {
    const a = i % size.accounts
    const g = (a * 11 + Math.floor(i / size.accounts) * 37) % size.accountGroups
    return {
      accountId: spelled(accounts[a]!.id, `agm-a-${i}`),
      groupId: spelled(accountGroups[g]!.id, `agm-g-${i}`),
    }
  })
  const keys = jwks(size.credentials)
  const credentials = keys.map((key, i) => {
    return {
      id: `Cred-${key.crv}-${pad(i, 5)}`,
      userId: spelled(users[i % size.users]!.id, `cred-u-${i}`),
      key,
    }
  })
  const tokens = Array.from({ length: size.tokens }, (_, i) => {
    const chainId = CHAINS[i % CHAINS.length]!
    const tokenAddress = address(`anchor-token-${i}`)
    return {
      id: `eip155:${chainId}/erc20:${tokenAddress}`,
      address: tokenAddress,
      symbol: i % 50 === 0 ? null : `TK${i}`,
      chainId,
      decimals: i % 3 === 0 ? 6 : 18,
    }
  })
  const classifications = ['external', 'counterparty', 'internal', 'managed'] as const
  const addressBook = Array.from({ length: size.addressBook }, (_, i) => ({
    id: `Counterparty-${TEAMS[i % TEAMS.length]}-${pad(i, 5)}`,
    address: address(`anchor-counterparty-${i}`),
    chainId: CHAINS[i % CHAINS.length]!,
    classification: classifications[i % classifications.length]!,
  }))
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
