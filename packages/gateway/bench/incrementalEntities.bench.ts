// `pnpm bench`, the scale section of #24: one account added to (or removed from) a client's organization, then a
// decision for it, at 100,000 accounts against the same at an organization of one account, and against building the
// client's state anew (what every change cost before). Beside each row's time, the longest the event loop was held
// (perf_hooks.monitorEventLoopDelay, 1 ms resolution) over that row's iterations is printed.
//
// - "updateClient": the change as PATCH /v1/admin/clients/{id} makes it (the route's own function, without the HTTP
//   parsing of the 35 MiB body), then the gateway applies what it recorded and decides. The update validates,
//   diffs and hashes the whole document, and stores the entity changes the diff finds.
// - "entity changes": the change as POST /v1/admin/clients/{id}/entity-changes makes it (through the route: its body
//   is the one change), validated against the index the gateway decides with, then the decision. It reads the stored
//   organization and hashes it for the log, in slices.
// - "another gateway": a second ClientPolicies on the database picks up one recorded change, of an account or of the
//   client's policy (written as updateClient records it: a client_changes row and the row's new version), and
//   decides: the gateway's own part.
// - "built anew": the state built from the stored row (forget), the index its entity changes apply to included,
//   then the decision.
// - "approvals sign-in options": the passkeys a page offers (as grants and enrolments look up users and
//   credentials), from the organization the gateway decides with, not read from the 35 MiB row each time.
//
// No row leaves work running behind it for the next: a state is built whole. Before, each state's evaluator went on
// indexing the organization in the background (1.6 s at 100,000 accounts, a 4 ms slice per turn of the event loop),
// and the four states of "built anew" made every row after it slower: a policy change at 100,000 accounts measured
// 1.5x the one at one account, with nothing in its own path that grows (bench/profileIncrementalEntities.ts).
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { setImmediate as nextTurn } from 'node:timers/promises'
import { eq } from 'drizzle-orm'
import { afterAll, bench, describe } from 'vitest'
import { updateClient } from '../src/clients/registerClient'
import { writeOrganization } from '../src/core/database/organizationStore'
import { clients } from '../src/core/database/schema'
import type { clientChanges } from '../src/signing/pipeline/clientChangesSchema'
import { ClientPolicies } from '../src/signing/pipeline/clientPolicyState'
import { registerTestClient, startTestGateway } from '../test/support/testGateway'
import {
  decide,
  extra,
  organization,
  permitVault,
  record as recordFor,
  withPasskeys,
} from './incrementalEntitiesOrganization'

const gateway = await startTestGateway({}, { withoutReadCache: true })
const db = gateway.database.db

async function setUp(accounts: number) {
  const { clientId } = await registerTestClient(gateway, ['EdDSA'], { policies: [permitVault] })
  // With two passkeys per user (2,000 P-256 keys at 100,000 accounts): validated with every change, and what the
  // approvals page looks through.
  const entities = withPasskeys(organization(accounts))
  // Stored directly, as a registered client's organization: the rows time the gateway's work, not this setup's.
  await db.transaction(async (tx) => {
    await writeOrganization(tx as never, clientId, entities)
    await tx
      .update(clients)
      .set({ updatedAt: new Date(Date.now() + 1) })
      .where(eq(clients.clientId, clientId))
  })
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

type Setup = Awaited<ReturnType<typeof setUp>>

/** The extra account put, or removed, through updateClient; then the gateway's next decision. */
async function throughUpdateClient(setup: Setup) {
  setup.added = !setup.added
  await updateClient(db, setup.clientId, { entities: setup.added ? setup.withExtra : setup.entities })
  gateway.app.clientPolicies.revalidate(setup.clientId)
  decide(await gateway.app.clientPolicies.forClient(setup.clientId, later()))
}

/** The extra account put, or removed, as entity changes (POST .../entity-changes); then the next decision. */
async function throughEntityChanges(setup: Setup) {
  setup.added = !setup.added
  const change = setup.added
    ? { op: 'put', collection: 'accounts', entity: extra }
    : { op: 'remove', collection: 'accounts', id: extra.id }
  const reply = await gateway.app.inject({
    method: 'POST',
    url: `/v1/admin/clients/${setup.clientId}/entity-changes`,
    headers: { 'x-api-key': gateway.config.adminApiKey },
    payload: { changes: [change] },
  })
  if (reply.statusCode !== 200) throw new Error(`entity changes answered ${reply.statusCode}: ${reply.body}`)
  decide(await gateway.app.clientPolicies.forClient(setup.clientId, later()))
}

/** A change recorded as updateClient records it (its row in client_changes, the client row's new version). */
const record = (
  setup: Setup,
  change: Pick<typeof clientChanges.$inferInsert, 'entityChanges' | 'policies'>,
) => recordFor(db, setup.clientId, change)

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

describe('scale: one account added or removed as entity changes (POST .../entity-changes), then a decision', () => {
  const baseline = 'entity changes, 1 account (baseline)'
  const scaled = 'entity changes, 100,000 accounts'
  bench(
    baseline,
    watched(baseline, () => throughEntityChanges(small)),
    many,
  )
  bench(
    scaled,
    watched(scaled, () => throughEntityChanges(large)),
    few,
  )
})

/** The approvals page's sign-in options: the organization's passkeys, looked up where the gateway decides. */
async function signInOptions(setup: Setup) {
  const reply = await gateway.app.inject({
    method: 'POST',
    url: `/v1/approvals/${setup.clientId}/session/options`,
    headers: { origin: 'http://localhost', 'content-type': 'application/json' },
    payload: '{}',
  })
  if (reply.statusCode !== 200) throw new Error(`session options answered ${reply.statusCode}: ${reply.body}`)
}

// Before the other gateway's rows: their hundreds of recorded changes leave this gateway too far behind, and its
// next request builds the client's state anew.
describe('scale: the approvals page looks up the passkeys of the organization', () => {
  const baseline = 'approvals sign-in options, 1 account (baseline)'
  const scaled = 'approvals sign-in options, 100,000 accounts'
  bench(
    baseline,
    watched(baseline, () => signInOptions(small)),
    many,
  )
  bench(
    scaled,
    watched(scaled, () => signInOptions(large)),
    many,
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
