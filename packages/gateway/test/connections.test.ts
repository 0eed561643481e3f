import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { connections, transitKeys } from '../src/core/database/schema'
import { createTestConnection, encryptCredentials, signedInject } from './support/testGateway'
import { useTestClient, useTestGateway } from './support/useTestGateway'

const gateway = useTestGateway()
const alice = useTestClient(gateway)
const bob = useTestClient(gateway)

describe('transit encryption keys', () => {
  it('returns an RSA-OAEP-256 public key in the EncryptionKey shape and keeps the private half encrypted', async () => {
    const response = await signedInject(gateway, alice, { method: 'POST', url: '/v1/vault/encryption-keys' })
    expect(response.statusCode, response.body).toBe(201)
    const key = response.json()
    expect(key.publicKey).toMatchObject({
      kty: 'RSA',
      alg: 'RSA-OAEP-256',
      use: 'enc',
      kid: expect.any(String),
    })
    expect(key.publicKey).not.toHaveProperty('d')
    expect(key.data.keyId).toBe(key.publicKey.kid)
    expect(key.data.pem).toMatch(/^-----BEGIN PUBLIC KEY-----/)
    const [row] = await gateway.database.db
      .select()
      .from(transitKeys)
      .where(eq(transitKeys.keyId, key.data.keyId))
    expect(row?.clientId).toBe(alice.clientId)
    expect(row?.encryptedPrivateKey).not.toMatch(/"d"\s*:/)
  })
})

describe('connection lifecycle', () => {
  it('creates a local connection, stores credentials encrypted, never returns them, and syncs wallets', async () => {
    const passphrase = 'a passphrase that must never be stored in clear'
    const encryptedCredentials = await encryptCredentials(gateway, alice, { passphrase })
    const response = await signedInject(gateway, alice, {
      method: 'POST',
      url: '/v1/provider/connections',
      body: {
        provider: 'local',
        label: 'Treasury',
        url: 'https://custody.example.com',
        encryptedCredentials,
      },
    })
    expect(response.statusCode, response.body).toBe(201)
    const { data } = response.json()
    expect(data).toEqual({
      clientId: alice.clientId,
      connectionId: expect.any(String),
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      label: 'Treasury',
      provider: 'local',
      revokedAt: null,
      status: 'active',
      url: 'https://custody.example.com',
    })
    expect(response.body).not.toContain(passphrase)
    const [row] = await gateway.database.db
      .select()
      .from(connections)
      .where(eq(connections.connectionId, data.connectionId))
    expect(row?.credentials).toBeTruthy()
    expect(row?.credentials).not.toContain(passphrase)

    const wallets = await signedInject(gateway, alice, {
      method: 'GET',
      url: '/v1/provider/wallets',
      headers: { 'x-connection-id': data.connectionId },
    })
    expect(wallets.statusCode, wallets.body).toBe(200)
    const [wallet] = wallets.json().data
    expect(wallet.accounts.length).toBeGreaterThan(1)
    const ethereum = wallet.accounts.find(
      (account: { networkId: string }) => account.networkId === 'ETHEREUM',
    )
    expect(ethereum.addresses[0].address).toMatch(/^0x[0-9a-fA-F]{40}$/)
    expect(wallet).toMatchObject({
      clientId: alice.clientId,
      connectionId: data.connectionId,
      provider: 'local',
    })
  })

  it('refuses credentials it cannot trust, each with a JSON Pointer', async () => {
    const post = async (body: Record<string, unknown>, client = alice) =>
      signedInject(gateway, client, { method: 'POST', url: '/v1/provider/connections', body })
    const cases: [Record<string, unknown>, number, string, string][] = [
      [
        {
          provider: 'local',
          encryptedCredentials: await encryptCredentials(gateway, alice, { passphrase: 'short' }),
        },
        422,
        'INVALID_CREDENTIALS',
        '/encryptedCredentials/passphrase',
      ],
      [
        {
          provider: 'local',
          encryptedCredentials: await encryptCredentials(
            gateway,
            alice,
            { passphrase: 'long enough passphrase' },
            { alg: 'RSA-OAEP' },
          ),
        },
        422,
        'CREDENTIALS_ALGORITHM_REFUSED',
        '/encryptedCredentials',
      ],
      [
        // Encrypted to Bob's transit key: Alice cannot use it.
        {
          provider: 'local',
          encryptedCredentials: await encryptCredentials(gateway, bob, {
            passphrase: 'long enough passphrase',
          }),
        },
        422,
        'TRANSIT_KEY_UNKNOWN',
        '/encryptedCredentials',
      ],
      [{ provider: 'fireblocks', encryptedCredentials: 'a.b.c.d.e' }, 422, 'PROVIDER_UNKNOWN', '/provider'],
      [
        { provider: 'local', encryptedCredentials: 'a.b.c.d.e', secret: 1 },
        422,
        'VALIDATION_FAILED',
        '/secret',
      ],
      [{ provider: 'local' }, 422, 'VALIDATION_FAILED', '/encryptedCredentials'],
    ]
    for (const [body, status, code, path] of cases) {
      const response = await post(body)
      expect(response.statusCode, response.body).toBe(status)
      expect(response.json().code, response.body).toBe(code)
      expect(response.json().context.issues.map((issue: { path: string }) => issue.path)).toContain(path)
    }
  })

  it('refuses a second connection with the same id (409)', async () => {
    const first = await createTestConnection(gateway, alice, { connectionId: 'alice-main' })
    expect(first.connectionId).toBe('alice-main')
    const encryptedCredentials = await encryptCredentials(gateway, alice, {
      passphrase: 'long enough passphrase',
    })
    const again = await signedInject(gateway, alice, {
      method: 'POST',
      url: '/v1/provider/connections',
      body: { provider: 'local', connectionId: 'alice-main', encryptedCredentials },
    })
    expect(again.statusCode).toBe(409)
    expect(again.json().code).toBe('CONNECTION_EXISTS')
  })

  it('revokes: 204, status revoked, revokedAt set, credentials destroyed, every later use refused', async () => {
    const connection = await createTestConnection(gateway, alice)
    const id = connection.connectionId
    const wallets = await signedInject(gateway, alice, {
      method: 'GET',
      url: '/v1/provider/wallets',
      headers: { 'x-connection-id': id },
    })
    const walletId = wallets.json().data[0].walletId

    const revoke = await signedInject(gateway, alice, {
      method: 'DELETE',
      url: `/v1/provider/connections/${id}`,
    })
    expect(revoke.statusCode, revoke.body).toBe(204)
    expect(revoke.body).toBe('')

    const after = (
      await signedInject(gateway, alice, { method: 'GET', url: `/v1/provider/connections/${id}` })
    ).json().data
    expect(after.status).toBe('revoked')
    expect(Date.parse(after.revokedAt)).not.toBeNaN()
    const [row] = await gateway.database.db.select().from(connections).where(eq(connections.connectionId, id))
    expect(row?.credentials).toBeNull()

    const refused = [
      await signedInject(gateway, alice, {
        method: 'GET',
        url: '/v1/provider/wallets',
        headers: { 'x-connection-id': id },
      }),
      await signedInject(gateway, alice, { method: 'POST', url: `/v1/provider/connections/${id}/sync` }),
      await signedInject(gateway, alice, {
        method: 'GET',
        url: '/v1/provider/known-destinations',
        headers: { 'x-connection-id': id },
      }),
    ]
    for (const response of refused) {
      expect(response.statusCode, response.body).toBe(409)
      expect(response.json().code).toBe('CONNECTION_REVOKED')
    }
    const wallet = await signedInject(gateway, alice, {
      method: 'GET',
      url: `/v1/provider/wallets/${walletId}`,
    })
    expect(wallet.statusCode).toBe(404)
    const again = await signedInject(gateway, alice, {
      method: 'DELETE',
      url: `/v1/provider/connections/${id}`,
    })
    expect(again.statusCode).toBe(204)
  })

  it('lists connections with pagination and a status filter', async () => {
    const all = await signedInject(gateway, alice, {
      method: 'GET',
      url: '/v1/provider/connections?limit=100',
    })
    expect(all.statusCode).toBe(200)
    const statuses = all.json().data.map((c: { status: string }) => c.status)
    expect(statuses).toContain('active')
    expect(statuses).toContain('revoked')
    const revoked = await signedInject(gateway, alice, {
      method: 'GET',
      url: '/v1/provider/connections?status=revoked',
    })
    expect(revoked.json().data.every((c: { status: string }) => c.status === 'revoked')).toBe(true)
    expect(all.json().data.every((c: { clientId: string }) => c.clientId === alice.clientId)).toBe(true)
  })

  it('resyncs a connection, keeping the ids it gave', async () => {
    const connection = await createTestConnection(gateway, alice)
    const headers = { 'x-connection-id': connection.connectionId }
    const before = (
      await signedInject(gateway, alice, { method: 'GET', url: '/v1/provider/addresses', headers })
    ).json()
    const sync = await signedInject(gateway, alice, {
      method: 'POST',
      url: `/v1/provider/connections/${connection.connectionId}/sync`,
    })
    expect(sync.statusCode, sync.body).toBe(200)
    expect(sync.json().data.wallets).toBe(1)
    const after = (
      await signedInject(gateway, alice, { method: 'GET', url: '/v1/provider/addresses', headers })
    ).json()
    expect(after.data.map((a: { addressId: string }) => a.addressId)).toEqual(
      before.data.map((a: { addressId: string }) => a.addressId),
    )
  })
})

describe('sync step', () => {
  it('brings wallets and addresses created on the provider into the database', async () => {
    const connection = await createTestConnection(gateway, alice)
    const headers = { 'x-connection-id': connection.connectionId }
    const session = await gateway.app.sessions.sessionFor(alice.clientId, connection.connectionId)
    const created = await session.createWallet!({ label: 'Operations' })
    await session.deriveAddress!({ walletExternalId: created.externalId })

    const sync = await signedInject(gateway, alice, {
      method: 'POST',
      url: `/v1/provider/connections/${connection.connectionId}/sync`,
    })
    expect(sync.statusCode, sync.body).toBe(200)
    expect(sync.json().data.wallets).toBe(2)

    const wallets = (
      await signedInject(gateway, alice, { method: 'GET', url: '/v1/provider/wallets', headers })
    ).json().data
    const operations = wallets.find((wallet: { label: string }) => wallet.label === 'Operations')
    expect(operations.externalId).toBe(created.externalId)
    for (const account of operations.accounts) expect(account.addresses).toHaveLength(2)
    const providerWallets = await session.listWallets()
    const providerAddresses = providerWallets.flatMap((w) =>
      w.accounts.flatMap((a) => a.addresses.map((x) => x.address)),
    )
    const stored = (
      await signedInject(gateway, alice, { method: 'GET', url: '/v1/provider/addresses?limit=100', headers })
    ).json().data
    expect(stored.map((a: { address: string }) => a.address).sort()).toEqual([...providerAddresses].sort())
  })
})

describe('client scoping matrix: Bob never reaches Alice', () => {
  it('refuses every read, use and overwrite of another client’s records', async () => {
    const connection = await createTestConnection(gateway, alice)
    const id = connection.connectionId
    const wallets = await signedInject(gateway, alice, {
      method: 'GET',
      url: '/v1/provider/wallets',
      headers: { 'x-connection-id': id },
    })
    const wallet = wallets.json().data[0]
    const account = wallet.accounts[0]
    const address = account.addresses[0]

    const attempts: [string, Parameters<typeof signedInject>[2], number][] = [
      ['get connection', { method: 'GET', url: `/v1/provider/connections/${id}` }, 404],
      ['revoke connection', { method: 'DELETE', url: `/v1/provider/connections/${id}` }, 404],
      ['sync connection', { method: 'POST', url: `/v1/provider/connections/${id}/sync` }, 404],
      ['get wallet', { method: 'GET', url: `/v1/provider/wallets/${wallet.walletId}` }, 404],
      ['get account', { method: 'GET', url: `/v1/provider/accounts/${account.accountId}` }, 404],
      ['get address', { method: 'GET', url: `/v1/provider/addresses/${address.addressId}` }, 404],
      [
        'list wallets through it',
        { method: 'GET', url: '/v1/provider/wallets', headers: { 'x-connection-id': id } },
        404,
      ],
      [
        'list accounts through it',
        { method: 'GET', url: '/v1/provider/accounts', headers: { 'x-connection-id': id } },
        404,
      ],
      [
        'list addresses through it',
        { method: 'GET', url: '/v1/provider/addresses', headers: { 'x-connection-id': id } },
        404,
      ],
      [
        'list known destinations through it',
        { method: 'GET', url: '/v1/provider/known-destinations', headers: { 'x-connection-id': id } },
        404,
      ],
    ]
    for (const [name, request, status] of attempts) {
      const response = await signedInject(gateway, bob, request)
      expect(response.statusCode, `${name}: ${response.body}`).toBe(status)
    }

    const overwrite = await signedInject(gateway, bob, {
      method: 'POST',
      url: '/v1/provider/connections',
      body: {
        provider: 'local',
        connectionId: id,
        encryptedCredentials: await encryptCredentials(gateway, bob, { passphrase: 'bob wants in here' }),
      },
    })
    expect(overwrite.statusCode).toBe(409)

    for (const url of [
      '/v1/provider/connections',
      '/v1/provider/wallets',
      '/v1/provider/accounts',
      '/v1/provider/addresses',
      '/v1/provider/known-destinations',
    ]) {
      const list = await signedInject(gateway, bob, { method: 'GET', url: `${url}?limit=100` })
      expect(list.statusCode).toBe(200)
      expect(JSON.stringify(list.json().data)).not.toContain(alice.clientId)
    }

    // Alice still has her connection, untouched.
    const mine = await signedInject(gateway, alice, { method: 'GET', url: `/v1/provider/connections/${id}` })
    expect(mine.json().data.status).toBe('active')
    const [row] = await gateway.database.db.select().from(connections).where(eq(connections.connectionId, id))
    expect(row?.clientId).toBe(alice.clientId)
  })
})
