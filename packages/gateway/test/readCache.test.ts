import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { wallets } from '../src/core/database/schema'
import { createTestConnection, signedInject } from './support/testGateway'
import { useTestClient, useTestGateway } from './support/useTestGateway'

// On PGlite the gateway answers reads from its read cache until its next write; on PostgreSQL it has none and
// every read queries. Either way, an answer must never outlive the write that changed it, nor cross clients.
const gateway = useTestGateway()
const alice = useTestClient(gateway, ['EdDSA'])
const bob = useTestClient(gateway, ['EdDSA'])
let connectionId: string

beforeAll(async () => {
  connectionId = (await createTestConnection(gateway, alice)).connectionId
})

const walletsOf = (client: typeof alice, connection = connectionId) =>
  signedInject(gateway, client, {
    method: 'GET',
    url: '/v1/provider/wallets',
    headers: { 'x-connection-id': connection },
  })

describe('the read cache', () => {
  it('is PGlite’s alone', () => {
    expect(gateway.app.readCache !== undefined).toBe(process.env.DATABASE_URL === undefined)
  })

  it('answers a repeated read again, and the next read after a write with the write in it', async () => {
    const first = await walletsOf(alice)
    expect(first.statusCode, first.body).toBe(200)
    expect((await walletsOf(alice)).json()).toEqual(first.json())
    const walletId = first.json().data[0].walletId
    await gateway.database.db.update(wallets).set({ label: 'Renamed' }).where(eq(wallets.walletId, walletId))
    expect((await walletsOf(alice)).json().data[0].label).toBe('Renamed')
    const one = await signedInject(gateway, alice, { method: 'GET', url: `/v1/provider/wallets/${walletId}` })
    expect(one.json().data.label).toBe('Renamed')
  })

  it('keeps each client’s answers apart: another client naming the connection is refused, before and after', async () => {
    expect((await walletsOf(alice)).statusCode).toBe(200)
    const refused = await walletsOf(bob)
    expect(refused.statusCode, refused.body).toBe(404)
    expect((await walletsOf(bob)).statusCode).toBe(404)
    expect((await walletsOf(alice)).statusCode).toBe(200)
  })

  it('refuses a revoked connection at once, though its wallets were just read', async () => {
    const connection = (await createTestConnection(gateway, alice)).connectionId
    expect((await walletsOf(alice, connection)).statusCode).toBe(200)
    const revoke = await signedInject(gateway, alice, {
      method: 'DELETE',
      url: `/v1/provider/connections/${connection}`,
    })
    expect(revoke.statusCode, revoke.body).toBe(204)
    const after = await walletsOf(alice, connection)
    expect(after.statusCode, after.body).toBe(409)
    expect(after.json().code).toBe('CONNECTION_REVOKED')
  })
})
