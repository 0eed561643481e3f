import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { signingRequests } from '../src/core/database/actionsSchema'
import { recoverInterruptedRequests } from '../src/signing/pipeline/recoverInterruptedRequests'
import { policy } from './support/signingClient'
import { useSigningGateway } from './support/useTestGateway'

// Holds signMessage calls at the provider until the test lets them go.
let release: () => void = () => {}
let holding = false
const held = () => new Promise<void>((resolve) => (release = resolve))

const setup = useSigningGateway({
  policies: [policy('permit-messages', 'permit', [{ criterion: 'checkAction', args: ['signMessage'] }])],
  beforeProviderCall: async (method) => {
    if (holding && method === 'signMessage') await held()
  },
})

let sequence = 0
const signMessage = () =>
  setup.call('POST', '/v1/provider/evm/sign-message', {
    data: 'Interrupted?',
    source: { type: 'account', id: setup.accounts.ETHEREUM! },
    idempotenceId: `interrupted-${++sequence}`,
  })

/** Puts a request back in `processing`, last moved `minutesAgo`: what a gateway that died mid-call leaves. */
async function leaveProcessing(requestId: string, minutesAgo: number) {
  await setup.gateway.app.db
    .update(signingRequests)
    .set({ status: 'processing', result: null, updatedAt: new Date(Date.now() - minutesAgo * 60_000) })
    .where(and(eq(signingRequests.clientId, setup.client.clientId), eq(signingRequests.requestId, requestId)))
}

describe('requests interrupted before the provider answered', () => {
  it('become failed with code INTERRUPTED once they have not moved for the configured time', async () => {
    const stale = (await signMessage()).json().data.requestId as string
    const recent = (await signMessage()).json().data.requestId as string
    await leaveProcessing(stale, 20)
    await leaveProcessing(recent, 1)

    expect(await recoverInterruptedRequests(setup.gateway.app.signing, 600)).toEqual([stale])

    const read = await setup.call('GET', `/v1/provider/evm/sign-message/${stale}`)
    expect(read.statusCode).toBe(200)
    expect(read.json().data).toMatchObject({
      status: 'failed',
      failure: {
        code: 'INTERRUPTED',
        message: expect.stringContaining('whether the provider signed is unknown'),
      },
    })
    const untouched = await setup.call('GET', `/v1/provider/evm/sign-message/${recent}`)
    expect(untouched.json().data.status).toBe('processing')
    // Terminal: a second sweep finds nothing more to end.
    expect(await recoverInterruptedRequests(setup.gateway.app.signing, 600)).toEqual([])
  })

  it('leaves alone a request whose provider call is under way in this process, however old', async () => {
    holding = true
    const callsBefore = setup.calls.signMessage ?? 0
    const creating = signMessage()
    await expect.poll(() => setup.calls.signMessage ?? 0).toBeGreaterThan(callsBefore)
    const [row] = await setup.gateway.app.db
      .select()
      .from(signingRequests)
      .where(eq(signingRequests.idempotenceId, `interrupted-${sequence}`))
    await leaveProcessing(row!.requestId, 60)

    expect(await recoverInterruptedRequests(setup.gateway.app.signing, 600)).toEqual([])
    holding = false
    release()
    const created = await creating
    expect(created.statusCode).toBe(201)
    expect(created.json().data.status).toBe('signed')
  })
})
