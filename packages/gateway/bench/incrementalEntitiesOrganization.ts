// What bench/incrementalEntities.bench.ts and bench/profileIncrementalEntities.ts share: the organization at a size,
// the account and policy they change, a change recorded as updateClient records it, and the decision after it.
import { generateKeyPairSync } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { decodeRequest } from '@rampart/decoder'
import { eq } from 'drizzle-orm'
import { getAddress } from 'viem'
import type { Database } from '../src/core/database/openDatabase'
import { clients } from '../src/core/database/schema'
import { clientChanges } from '../src/signing/pipeline/clientChangesSchema'
import type { ClientPolicyState } from '../src/signing/pipeline/clientPolicyState'
import { decideForClient } from '../src/signing/pipeline/decideForClient'

const fixtures = new URL('../../../fixtures/requests/', import.meta.url)
const rpc = JSON.parse(readFileSync(new URL('erc20-transfer-usdt.json', fixtures), 'utf8')).request
const sender = rpc.params[0].from as string
const tokens = JSON.parse(readFileSync(new URL('entities.json', fixtures), 'utf8')).tokens

const USERS = 1_000
const GROUPS = 50
const address = (i: number) => `0xb${(i + 1).toString(16).padStart(39, '0')}`

/** An organization of `accounts` accounts (the first is the fixture request's sender, in group vault-0). */
export function organization(accounts: number) {
  const entities = {
    users: [] as Record<string, unknown>[],
    userGroups: [],
    userGroupMembers: [],
    userAccounts: [] as Record<string, unknown>[],
    credentials: [] as Record<string, unknown>[],
    accounts: [] as Record<string, unknown>[],
    accountGroups: Array.from({ length: GROUPS }, (_, g) => ({ id: `vault-${g}` })),
    accountGroupMembers: [] as Record<string, unknown>[],
    tokens,
    addressBook: [],
  }
  // As organizations write them: ids in mixed case, named in another case a fifth of the time, EIP-55 addresses.
  for (let u = 0; u < Math.min(USERS, accounts); u++) entities.users.push({ id: `User-${u}`, role: 'member' })
  for (let i = 0; i < accounts; i++) {
    const id = `Acct-${i}`
    const reference = i % 5 === 4 ? id.toLowerCase() : id
    const user = `User-${i % USERS}`
    entities.accounts.push({
      id,
      address: i === 0 ? sender : getAddress(address(i)),
      accountType: 'eoa',
      chainId: 1,
    })
    entities.userAccounts.push({ userId: i % 5 === 3 ? user.toUpperCase() : user, accountId: reference })
    entities.accountGroupMembers.push({ accountId: reference, groupId: `vault-${i % GROUPS}` })
  }
  return entities
}

/**
 * The organization with PASSKEYS_PER_USER passkeys for each of its users, each its own P-256 key: what the approvals
 * page looks through (a desk's approvers sign in with passkeys, and a credential list of thousands is the hard case).
 */
export function withPasskeys(entities: ReturnType<typeof organization>) {
  const credentials = entities.users.flatMap((user) =>
    Array.from({ length: PASSKEYS_PER_USER }, (_, n) => {
      const { publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
      const key = { ...publicKey.export({ format: 'jwk' }), alg: 'ES256' }
      const id = `${user.id}-passkey-${n}`
      return {
        id,
        userId: user.id,
        key,
        webauthn: { credentialId: Buffer.from(id).toString('base64url'), counter: 0 },
      }
    }),
  )
  return { ...entities, credentials }
}

const PASSKEYS_PER_USER = 2

/** The account put and removed. */
export const extra = {
  id: 'Acct-Extra',
  address: getAddress(`0x${'e'.repeat(40)}`),
  accountType: 'eoa',
  chainId: 1,
}

/** The client's one policy, whose description a policy change toggles. */
export const permitVault = {
  id: 'permit-vault-0',
  // biome-ignore lint/suspicious/noThenProperty: `then` is the policy's effect, as policy.schema.json names it.
  then: 'permit',
  when: [
    { criterion: 'checkAction', args: ['signTransaction'] },
    { criterion: 'checkAccountGroup', args: ['vault-0'] },
  ],
}

/** The fixture request decided with a state, as the signing pipeline does (without history). */
export function decide(state: ClientPolicyState) {
  const decoded = decodeRequest(rpc, state.index ? { entities: state.index } : {})
  const { decision } = decideForClient(state, {
    principal: 'user-0',
    decoded: decoded as never,
    signer: { address: sender, chainId: 1 },
    historyTotals: undefined,
    now: 1_900_000_000,
  })
  if (decision.reason?.code === 'EVALUATOR_UNAVAILABLE') throw new Error(decision.reason.message)
}

/** A change recorded as updateClient records it (its row in client_changes, the client row's new version). */
export async function record(
  db: Database,
  clientId: string,
  change: Pick<typeof clientChanges.$inferInsert, 'entityChanges' | 'policies'>,
) {
  const [row] = await db
    .select({ updatedAt: clients.updatedAt })
    .from(clients)
    .where(eq(clients.clientId, clientId))
  const version = new Date(row!.updatedAt.getTime() + 1)
  await db.insert(clientChanges).values({
    clientId,
    version,
    previousVersion: row!.updatedAt,
    presets: change.policies ? [] : null,
    policiesHash: null,
    entitiesHash: null,
    ...change,
  })
  await db.update(clients).set({ updatedAt: version }).where(eq(clients.clientId, clientId))
}
