// A profiling aid (not a bench): another gateway picking up one recorded change of a client's organization (an
// account put or removed, or its policy changed) and deciding, as bench/incrementalEntities.bench.ts measures it,
// at one account and at 100,000, with the CPU profiler on for the 100,000-account iterations only. Prints each
// phase's mean (recording the change, ClientPolicies.forClient bringing the state forward, the decision), the
// slowest iteration and the longest event-loop block. From packages/gateway:
//   node --import tsx --conditions @rampart/source bench/profileIncrementalEntities.ts [account|policy] [iterations] [out.cpuprofile]
import { writeFileSync } from 'node:fs'
import { Session } from 'node:inspector/promises'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { setImmediate as nextTurn } from 'node:timers/promises'
import { eq } from 'drizzle-orm'
import { openDatabase } from '../src/core/database/openDatabase'
import { writeOrganization } from '../src/core/database/organizationStore'
import { clients } from '../src/core/database/schema'
import { ClientPolicies } from '../src/signing/pipeline/clientPolicyState'
import { gatewayOn, registerTestClient, testConfig } from '../test/support/testGateway'
import { decide, extra, organization, permitVault, record } from './incrementalEntitiesOrganization'

const kind = process.argv[2] === 'policy' ? 'policy' : 'account'
const iterations = Number(process.argv[3] ?? 200)
const profileTo = process.argv[4]

// startTestGateway's gateway, built here: its template database comes from vitest, which does not run this.
const database = await openDatabase({})
const gateway = await gatewayOn(database, await testConfig(), { withoutReadCache: true })
const db = database.db

async function setUp(accounts: number) {
  const { clientId } = await registerTestClient(gateway, ['EdDSA'], { policies: [permitVault] })
  await db.transaction(async (tx) => {
    await writeOrganization(tx as never, clientId, organization(accounts))
    await tx
      .update(clients)
      .set({ updatedAt: new Date(Date.now() + 1) })
      .where(eq(clients.clientId, clientId))
  })
  const other = new ClientPolicies(db)
  await other.forClient(clientId)
  return { clientId, other, changed: false }
}

let clock = Date.now()
const phases = { record: 0, forClient: 0, decide: 0 }

async function once(setup: Awaited<ReturnType<typeof setUp>>) {
  setup.changed = !setup.changed
  let started = performance.now()
  if (kind === 'policy')
    await record(db, setup.clientId, {
      entityChanges: [],
      policies: [setup.changed ? { ...permitVault, description: 'changed' } : permitVault],
    })
  else
    await record(db, setup.clientId, {
      entityChanges: setup.changed
        ? [{ op: 'put', collection: 'accounts', entity: extra }]
        : [{ op: 'remove', collection: 'accounts', id: extra.id }],
      policies: null,
    })
  phases.record += performance.now() - started
  started = performance.now()
  // Far enough ahead that ClientPolicies reads the client's row again.
  clock += 10_000
  const state = await setup.other.forClient(setup.clientId, clock)
  phases.forClient += performance.now() - started
  started = performance.now()
  decide(state)
  phases.decide += performance.now() - started
  // As the bench: a turn of the event loop after each iteration, so that a block is one iteration at most.
  await nextTurn()
}

for (const accounts of [1, 100_000]) {
  const setup = await setUp(accounts)
  for (let i = 0; i < 10; i++) await once(setup)
  Object.assign(phases, { record: 0, forClient: 0, decide: 0 })
  const session = new Session()
  const profiled = profileTo !== undefined && accounts > 1
  if (profiled) {
    session.connect()
    await session.post('Profiler.enable')
    await session.post('Profiler.start')
  }
  const blocks = monitorEventLoopDelay({ resolution: 1 })
  blocks.enable()
  let slowest = 0
  const started = performance.now()
  for (let i = 0; i < iterations; i++) {
    const at = performance.now()
    await once(setup)
    slowest = Math.max(slowest, performance.now() - at)
  }
  const mean = (performance.now() - started) / iterations
  blocks.disable()
  if (profiled) writeFileSync(profileTo, JSON.stringify((await session.post('Profiler.stop')).profile))
  const each = Object.entries(phases).map(([name, total]) => `${name} ${(total / iterations).toFixed(1)}`)
  console.log(
    `${kind}, ${accounts.toLocaleString('en')} account(s): ${mean.toFixed(1)} ms per change (${each.join(', ')}),` +
      ` slowest ${slowest.toFixed(1)} ms, longest block ${(blocks.max / 1e6).toFixed(1)} ms`,
  )
}
await gateway.close()
