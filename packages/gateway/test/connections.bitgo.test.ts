import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { connections } from '../src/core/database/schema'
import { createBitgoProvider } from '../src/providers'
import { encryptCredentials, signedInject } from './support/testGateway'
import { useTestClient, useTestGateway } from './support/useTestGateway'

const gateway = useTestGateway({}, { providers: [createBitgoProvider()] })
const alice = useTestClient(gateway)

const accessToken = `v2x${'0f'.repeat(32)}`

describe('BitGo connections', () => {
  it('are created with JWE credentials, stored encrypted, and refuse every action until an adapter exists', async () => {
    const walletPassphrase = 'the BitGo wallet passphrase, never stored in clear'
    const encryptedCredentials = await encryptCredentials(gateway, alice, {
      accessToken,
      enterpriseId: '5a84db9f8b9fb63e07ba8ce1abb6c7a1',
      walletPassphrase,
      environment: 'test',
    })
    const response = await signedInject(gateway, alice, {
      method: 'POST',
      url: '/v1/provider/connections',
      body: { provider: 'bitgo', label: 'BitGo test', encryptedCredentials },
    })
    expect(response.statusCode, response.body).toBe(201)
    const { data } = response.json()
    expect(data).toMatchObject({ provider: 'bitgo', status: 'active', label: 'BitGo test' })
    expect(response.body).not.toContain(accessToken)
    const [row] = await gateway.database.db
      .select()
      .from(connections)
      .where(eq(connections.connectionId, data.connectionId))
    expect(row?.credentials).toBeTruthy()
    expect(row?.credentials).not.toContain(accessToken)
    expect(row?.credentials).not.toContain(walletPassphrase)

    const wallets = await signedInject(gateway, alice, {
      method: 'GET',
      url: '/v1/provider/wallets',
      headers: { 'x-connection-id': data.connectionId },
    })
    expect(wallets.statusCode, wallets.body).toBe(200)
    expect(wallets.json().data).toEqual([])
  })

  it('refuses malformed credentials with a JSON Pointer into them', async () => {
    const encryptedCredentials = await encryptCredentials(gateway, alice, {
      accessToken,
      environment: 'staging',
    })
    const response = await signedInject(gateway, alice, {
      method: 'POST',
      url: '/v1/provider/connections',
      body: { provider: 'bitgo', encryptedCredentials },
    })
    expect(response.statusCode, response.body).toBe(422)
    expect(response.json()).toMatchObject({
      code: 'INVALID_CREDENTIALS',
      context: { issues: [{ path: '/encryptedCredentials/environment' }] },
    })
    expect(response.body).not.toContain(accessToken)
  })
})
