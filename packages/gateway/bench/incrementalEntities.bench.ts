// `pnpm bench`, the scale section of #24: one account added to (or removed from) a client's organization, then a
// decision for it, at 100,000 accounts against the same at an organization of one account, and against building the
// client's state anew (what every change cost before). Beside each row's time, the longest the event loop was held
// (perf_hooks.monitorEventLoopDelay, 1 ms resolution) over that row's iterations is printed.
//
// - "updateClient": the change as PATCH /v1/admin/clients/{id} makes it (the route's own function, without the HTTP
//   parsing of the 35 MiB body), then the gateway applies what it recorded and decides. The update validates,
//   stores, diffs and hashes the whole document.
// - "another gateway": a second ClientPolicies on the database picks up one recorded change, of an account or of the
//   client's policy (written as updateClient records it: a client_changes row and the row's new version), and
//   decides: the gateway's own part.
// - "built anew": the state built from the stored row (forget), then the decision.
import { readFileSync } from 'node:fs'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { setImmediate as nextTurn } from 'node:timers/promises'
import { decodeRequest } from '@rampart/decoder'
import { eq } from 'drizzle-orm'
import { getAddress } from 'viem'
import { afterAll, bench, describe } from 'vitest'
import { updateClient } from '../src/clients/registerClient'
import { clients } from '../src/core/database/schema'
import { clientChanges } from '../src/signing/pipeline/clientChangesSchema'
import { ClientPolicies, type ClientPolicyState } from '../src/signing/pipeline/clientPolicyState'
import { decideForClient } from '../src/signing/pipeline/decideForClient'
import { registerTestClient, startTestGateway } from '../test/support/testGateway'

const fixtures = new URL('../../../fixtures/requests/', import.meta.url)
const rpc = JSON.parse(readFileSync(new URL('erc20-transfer-usdt.json', fixtures), 'utf8')).request
const sender = rpc.params[0].from as string
const tokens = JSON.parse(readFileSync(new URL('entities.json', fixtures), 'utf8')).tokens

const USERS = 1_000
const GROUPS = 50
const address = (i: number) => `0xb${(i + 1).toString(16).padStart(39, '0')}`

/** An organization of `accounts` accounts (the first is the fixture request's sender, in group vault-0). */
function organization(accounts: number) {
  const entities = {
    users: [] as Record<string, unknown>[],
    userGroups: [],
    userGroupMembers: [],
    userAccounts: [] as Record<string, unknown>[],
    credentials: [],
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

const extra = { id: 'Acct-Extra', address: getAddress(`0x${'e'.repeat(40)}`), accountType: 'eoa', chainId: 1 }
const permitVault = {
  id: 'permit-vault-0',
  // biome-ignore lint/suspicious/noThenProperty: `then` is the policy's effect, as policy.schema.json names it.
  then: 'permit',
  when: [
    { criterion: 'checkAction', args: ['signTransaction'] },
    { criterion: 'checkAccountGroup', args: ['vault-0'] },
  ],
}

const gateway = await startTestGateway({}, { withoutReadCache: true })
const db = gateway.database.db

async function setUp(accounts: number) {
  const { clientId } = await registerTestClient(gateway, ['EdDSA'], { policies: [permitVault] })
  const entities = organization(accounts)
  // Stored directly: the admin route's 1 MiB body limit refuses a document this large.
  await db
    .update(clients)
    .set({ entities, updatedAt: new Date(Date.now() + 1) })
    .where(eq(clients.clientId, clientId))
  const withExtra = { ...entities, accounts: [...entities.accounts, extra] }
  const other = new ClientPolicies(db)
  await gateway.app.clientPolicies.forClient(clientId)
  await other.forClient(clientId)
  return { clientId, entities, withExtra, other, added: false, addedByOther: false, policyChanged: false }
}

const small = await setUp(1)
const large = await setUp(100_000)

let clock = Date.now()
/** Far enough ahead that ClientPolicies reads the client's row again. */
const later = () => (clock += 10_000)

function decide(state: ClientPolicyState) {
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

type Setup = Awaited<ReturnType<typeof setUp>>

/** The extra account put, or removed, through updateClient; then the gateway's next decision. */
async function throughUpdateClient(setup: Setup) {
  setup.added = !setup.added
  await updateClient(db, setup.clientId, { entities: setup.added ? setup.withExtra : setup.entities })
  gateway.app.clientPolicies.revalidate(setup.clientId)
  decide(await gateway.app.clientPolicies.forClient(setup.clientId, later()))
}

/** A change recorded as updateClient records it (its row in client_changes, the client row's new version). */
async function record(
  setup: Setup,
  change: Pick<typeof clientChanges.$inferInsert, 'entityChanges' | 'policies'>,
) {
  const [row] = await db
    .select({ updatedAt: clients.updatedAt })
    .from(clients)
    .where(eq(clients.clientId, setup.clientId))
  const version = new Date(row!.updatedAt.getTime() + 1)
  await db.insert(clientChanges).values({
    clientId: setup.clientId,
    version,
    previousVersion: row!.updatedAt,
    presets: change.policies ? [] : null,
    policiesHash: null,
    entitiesHash: null,
    ...change,
  })
  await db.update(clients).set({ updatedAt: version }).where(eq(clients.clientId, setup.clientId))
}

/** One account put or removed, recorded, then the other gateway's next decision. */
async function accountByAnotherGateway(setup: Setup) {
  setup.addedByOther = !setup.addedByOther
  await record(setup, {
    entityChanges: setup.addedByOther
      ? [{ op: 'put', collection: 'accounts', entity: extra }]
      : [{ op: 'remove', collection: 'accounts', id: extra.id }],
    policies: null,
  })
  decide(await setup.other.forClient(setup.clientId, later()))
}

/** The client's one policy changed (its description), recorded, then the other gateway's next decision. */
async function policyByAnotherGateway(setup: Setup) {
  setup.policyChanged = !setup.policyChanged
  const policies = [setup.policyChanged ? { ...permitVault, description: 'changed' } : permitVault]
  await record(setup, { entityChanges: [], policies })
  decide(await setup.other.forClient(setup.clientId, later()))
}

async function builtAnew(setup: Setup) {
  gateway.app.clientPolicies.forget(setup.clientId)
  decide(await gateway.app.clientPolicies.forClient(setup.clientId, later()))
}

/**
 * The longest event-loop block of each row: a histogram enabled at the row's first iteration (warm-up included) and
 * kept on until the next row starts, so that the 1 ms timer it samples with runs through every iteration. A block is
 * the time between two turns of the event loop: on PGlite, whose queries run in this thread, a query is part of it.
 */
const blocks = new Map<string, ReturnType<typeof monitorEventLoopDelay>>()
let watching: ReturnType<typeof monitorEventLoopDelay> | undefined
function watched(name: string, run: () => Promise<void>) {
  return async () => {
    if (!blocks.has(name)) {
      watching?.disable()
      watching = monitorEventLoopDelay({ resolution: 1 })
      watching.enable()
      blocks.set(name, watching)
    }
    try {
      await run()
      // PGlite answers through promises alone: without a turn of the event loop here, a row's iterations would run
      // as one block, and the histogram would measure that instead of the longest of them.
      await nextTurn()
    } catch (error) {
      // vitest reports a failed row as NaN without saying why.
      console.error(name, error)
      throw error
    }
  }
}

afterAll(async () => {
  watching?.disable()
  for (const [name, histogram] of blocks)
    console.log(`longest event-loop block, ${name}: ${(histogram.max / 1e6).toFixed(1)} ms`)
  await gateway.close()
})

const few = { iterations: 3, warmupIterations: 1, time: 0 }
const many = { time: 1000, warmupTime: 200 }

describe('scale: one account added or removed through updateClient (the admin PATCH), then a decision', () => {
  const baseline = 'updateClient, 1 account (baseline)'
  const scaled = 'updateClient, 100,000 accounts'
  const anew = 'state built anew, 100,000 accounts'
  bench(
    baseline,
    watched(baseline, () => throughUpdateClient(small)),
    many,
  )
  bench(
    scaled,
    watched(scaled, () => throughUpdateClient(large)),
    few,
  )
  bench(
    anew,
    watched(anew, () => builtAnew(large)),
    few,
  )
})

describe('scale: another gateway picks up one account changed, then decides', () => {
  const baseline = 'another gateway, account, 1 account (baseline)'
  const scaled = 'another gateway, account, 100,000 accounts'
  bench(
    baseline,
    watched(baseline, () => accountByAnotherGateway(small)),
    many,
  )
  bench(
    scaled,
    watched(scaled, () => accountByAnotherGateway(large)),
    many,
  )
})

describe('scale: another gateway picks up one policy changed, then decides', () => {
  const baseline = 'another gateway, policy, 1 account (baseline)'
  const scaled = 'another gateway, policy, 100,000 accounts'
  bench(
    baseline,
    watched(baseline, () => policyByAnotherGateway(small)),
    many,
  )
  bench(
    scaled,
    watched(scaled, () => policyByAnotherGateway(large)),
    many,
  )
})
