import { writeFileSync } from 'node:fs'
import { Session } from 'node:inspector/promises'
import { setImmediate as nextTurn } from 'node:timers/promises'
import { eq } from 'drizzle-orm'
import { it } from 'vitest'
import { organization, permitVault } from '../bench/incrementalEntitiesOrganization'
import { clients } from '../src/core/database/schema'
import { registerTestClient, startTestGateway } from './support/testGateway'

it('profiles a state built anew at 100k', { timeout: 600_000 }, async () => {
  const gateway = await startTestGateway({}, { withoutReadCache: true })
  const db = gateway.database.db
  const { clientId } = await registerTestClient(gateway, ['EdDSA'], { policies: [permitVault] })
  await db
    .update(clients)
    .set({ entities: organization(100_000), updatedAt: new Date(Date.now() + 1) })
    .where(eq(clients.clientId, clientId))
  await gateway.app.clientPolicies.forClient(clientId)
  const session = new Session()
  session.connect()
  await session.post('Profiler.enable')
  await session.post('Profiler.setSamplingInterval', { interval: 200 })
  await session.post('Profiler.start')
  for (let r = 0; r < 3; r++) {
    gateway.app.clientPolicies.forget(clientId)
    await gateway.app.clientPolicies.forClient(clientId)
    await nextTurn()
  }
  const { profile } = await session.post('Profiler.stop')
  writeFileSync(process.env.PROFILE_OUT ?? '/tmp/anew.cpuprofile', JSON.stringify(profile))
  await gateway.close?.()
})
