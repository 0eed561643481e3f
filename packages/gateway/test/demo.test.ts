import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { provisionDemo } from '../src/demo/provisionDemo'
import { signedInject } from './support/testGateway'
import { useTestGateway } from './support/useTestGateway'

const demoFile = fileURLToPath(new URL('../../../fixtures/gateway/demo.json', import.meta.url))

const gateway = useTestGateway()

describe('demo provisioning (what pnpm start does on a fresh gateway)', () => {
  it('registers the demo client with the fixtures, connects the local provider once, and its key signs requests', async () => {
    const first = await provisionDemo(gateway.app, demoFile, null)
    expect(first.createdClient).toBe(true)
    expect(first.createdConnection).toBe(true)
    const client = first.client!
    expect(client.privateJwk.d).toBeTruthy()

    const again = await provisionDemo(gateway.app, demoFile, client)
    expect(again).toMatchObject({ createdClient: false, createdConnection: false })

    const asClient = {
      clientId: client.clientId,
      keys: [],
      key: { privateJwk: client.privateJwk, publicJwk: {} },
    }
    const wallets = await signedInject(gateway, asClient, { method: 'GET', url: '/v1/provider/wallets' })
    expect(wallets.statusCode, wallets.body).toBe(200)
    expect(wallets.json().data[0].connectionId).toBe('demo-local')

    const registered = await gateway.app.inject({
      method: 'GET',
      url: `/v1/admin/clients/${client.clientId}`,
      headers: { 'x-api-key': gateway.config.adminApiKey },
    })
    const { data } = registered.json()
    expect(data.entities.users.length).toBeGreaterThan(0)
    expect(data.policies.length).toBeGreaterThan(0)
    expect(data.presets).toContain('lido-staking')

    const book = await signedInject(gateway, asClient, {
      method: 'GET',
      url: '/v1/provider/known-destinations?source=addressBook&limit=100',
    })
    expect(book.json().data.length).toBe(data.entities.addressBook.length)
  })
})
