import { emptyEntities } from '@rampart/entities'
import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { generateSigningJwk } from '../src/core/crypto/generateSigningJwk'
import { organizationParts } from '../src/core/database/organizationSchema'
import { writeOrganization } from '../src/core/database/organizationStore'
import { clients } from '../src/core/database/schema'
import { createTestConnection, signedInject, type TestClient } from './support/testGateway'
import { useTestClient, useTestGateway } from './support/useTestGateway'

const gateway = useTestGateway()
// Reassigned when a test rotates the client's key.
let client: TestClient = useTestClient(gateway)

/** Stores an organization as it is, past the gateway's checks (as a gateway that did not make them stored it). */
const storeDirectly = (entities: Record<string, unknown>) =>
  gateway.database.db.transaction((tx) => writeOrganization(tx as never, client.clientId, entities))

/** The client's head and its organization's parts as stored, as text. */
async function storedText() {
  const [head] = await gateway.database.db
    .select({ text: sql<string>`${clients.entitiesHead}::text` })
    .from(clients)
    .where(eq(clients.clientId, client.clientId))
  const parts = await gateway.database.db
    .select({ text: sql<string>`${organizationParts.entities}::text` })
    .from(organizationParts)
    .where(eq(organizationParts.clientId, client.clientId))
    .orderBy(organizationParts.part)
  return [head?.text, ...parts.map((part) => part.text)]
}

const patch = (clientId: string, payload: unknown, key = gateway.config.adminApiKey) =>
  gateway.app.inject({
    method: 'PATCH',
    url: `/v1/admin/clients/${clientId}`,
    headers: { 'x-api-key': key },
    payload: payload as object,
  })

describe('admin: registering and updating clients', () => {
  it('refuses a duplicate client id and an invalid registration, with pointers', async () => {
    const key = await generateSigningJwk('ES256K')
    const duplicate = await gateway.app.inject({
      method: 'POST',
      url: '/v1/admin/clients',
      headers: { 'x-api-key': gateway.config.adminApiKey },
      payload: { clientId: client.clientId, name: 'again', publicKeys: [key.publicJwk] },
    })
    expect(duplicate.statusCode).toBe(409)
    const invalid = await gateway.app.inject({
      method: 'POST',
      url: '/v1/admin/clients',
      headers: { 'x-api-key': gateway.config.adminApiKey },
      payload: { clientId: 'x', name: 'x', publicKeys: [{ ...key.publicJwk, alg: 'HS256' }], surprise: 1 },
    })
    expect(invalid.statusCode).toBe(422)
    const paths = invalid.json().context.issues.map((issue: { path: string }) => issue.path)
    expect(paths).toEqual(expect.arrayContaining(['/publicKeys/0/alg', '/surprise']))
  })

  it('rotates keys: the old key stops working, the new one works', async () => {
    const next = await generateSigningJwk('EdDSA', `${client.clientId}-rotated`)
    // Used just before the rotation, so the gateway holds the old key when the rotation arrives.
    const before = await signedInject(gateway, client, {
      method: 'GET',
      url: '/v1/provider/networks?limit=1',
    })
    expect(before.statusCode).toBe(200)
    const response = await patch(client.clientId, { publicKeys: [next.publicJwk] })
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json().data.publicKeys).toEqual([next.publicJwk])
    const old = await signedInject(gateway, client, { method: 'GET', url: '/v1/provider/networks?limit=1' })
    expect(old.statusCode).toBe(401)
    expect(old.json().code).toBe('JWS_UNKNOWN_KEY')
    const rotated = await signedInject(gateway, client, {
      method: 'GET',
      url: '/v1/provider/networks?limit=1',
      privateJwk: next.privateJwk,
    })
    expect(rotated.statusCode).toBe(200)
    client = { ...client, key: next, keys: [next] }
  })

  it('updates entities and refreshes the address book of every active connection at once', async () => {
    const connection = await createTestConnection(gateway, client)
    const entities = {
      ...emptyEntities(),
      addressBook: [
        {
          id: 'eip155:137:0x000000000000000000000000000000000000beef',
          address: '0x000000000000000000000000000000000000bEEF',
          chainId: 137,
          classification: 'internal',
        },
      ],
    }
    const response = await patch(client.clientId, { entities })
    expect(response.statusCode, response.body).toBe(200)
    const book = await signedInject(gateway, client, {
      method: 'GET',
      url: '/v1/provider/known-destinations?source=addressBook',
      headers: { 'x-connection-id': connection.connectionId },
    })
    expect(book.json().data).toEqual([
      expect.objectContaining({
        networkId: 'POLYGON',
        externalClassification: 'internal',
        address: entities.addressBook[0]!.address,
      }),
    ])
    const emptied = await patch(client.clientId, { entities: emptyEntities() })
    expect(emptied.statusCode).toBe(200)
    const after = await signedInject(gateway, client, {
      method: 'GET',
      url: '/v1/provider/known-destinations?source=addressBook',
    })
    expect(after.json().data).toEqual([])
  })

  it('takes an organization of more than 1 MiB (the limit of other bodies) in an update', async () => {
    const accounts = Array.from({ length: 12_000 }, (_, i) => ({
      id: `Treasury-Account-${i}`,
      address: `0x${i.toString(16).padStart(40, '0')}`,
      accountType: 'eoa',
      chainId: 1,
    }))
    const payload = { entities: { ...emptyEntities(), accounts } }
    expect(JSON.stringify(payload).length).toBeGreaterThan(1_048_576)
    const updated = await patch(client.clientId, payload)
    expect(updated.statusCode, updated.body).toBe(200)
    const read = await gateway.app.inject({
      method: 'GET',
      url: `/v1/admin/clients/${client.clientId}`,
      headers: { 'x-api-key': gateway.config.adminApiKey },
    })
    expect(read.json().data.entities.accounts).toHaveLength(12_000)
    // Other routes keep the 1 MiB limit.
    const large = await signedInject(gateway, client, {
      method: 'POST',
      url: '/v1/provider/connections',
      body: { provider: 'local', label: 'x'.repeat(1_048_576), encryptedCredentials: 'x' },
    })
    expect(large.statusCode).toBe(413)
  })

  it('refuses invalid updates, unknown clients and a wrong admin key', async () => {
    // biome-ignore lint/suspicious/noThenProperty: a policy's decision is named `then` by its schema
    const badPolicy = await patch(client.clientId, { policies: [{ id: 'p', when: [], then: 'permit' }] })
    expect(badPolicy.statusCode).toBe(422)
    expect(badPolicy.json().context.issues[0].path).toMatch(/^\/policies\/0/)
    expect((await patch(client.clientId, {})).statusCode).toBe(422)
    expect((await patch(client.clientId, { clientId: 'rename' })).statusCode).toBe(422)
    expect((await patch('nobody', { name: 'x' })).statusCode).toBe(404)
    expect((await patch(client.clientId, { name: 'x' }, 'wrong-key')).statusCode).toBe(401)
  })

  it('checks the EIP-55 checksums of the addresses an update brings, not of those stored before', async () => {
    // One digit mistyped in each (their case is the checksum of other digits).
    const stored = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96044'
    const brought = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB49'
    const entry = (id: string, address: string) => ({ id, address, chainId: 1, classification: 'external' })
    const entities = { ...emptyEntities(), addressBook: [entry('stored', stored)] }
    // As a gateway that did not check checksums yet stored it.
    await storeDirectly(entities)
    const renamed = await patch(client.clientId, { name: 'renamed' })
    expect(renamed.statusCode, renamed.body).toBe(200)
    const withMore = await patch(client.clientId, {
      entities: { ...entities, addressBook: [entry('stored', stored), entry('brought', brought)] },
    })
    expect(withMore.statusCode).toBe(422)
    expect(withMore.json().context.issues).toEqual([
      expect.objectContaining({ path: '/entities/addressBook/1/address', keyword: 'address-checksum' }),
    ])
    await patch(client.clientId, { entities: emptyEntities() })
  })

  it('renames a client and rotates its keys without validating or rewriting the organization it keeps', async () => {
    // Stored as no update would take it now (an account whose user is missing): a key rotation leaves it as it is,
    // byte for byte, and only an update that replaces it is validated.
    const kept = {
      ...emptyEntities(),
      accounts: [{ id: 'Vault-1', address: `0x${'1'.repeat(40)}`, accountType: 'eoa', chainId: 1 }],
      userAccounts: [{ userId: 'Nobody', accountId: 'Vault-1' }],
    }
    await storeDirectly(kept)
    const stored = await storedText()
    const renamed = await patch(client.clientId, {
      name: 'renamed again',
      publicKeys: client.keys.map((key) => key.publicJwk),
    })
    expect(renamed.statusCode, renamed.body).toBe(200)
    expect(renamed.json().data.entities).toEqual(kept)
    expect(await storedText()).toEqual(stored)
    const replaced = await patch(client.clientId, { entities: { ...kept, accounts: [...kept.accounts] } })
    expect(replaced.statusCode).toBe(422)
    expect(replaced.json().context.issues).toEqual([
      expect.objectContaining({ path: '/entities/userAccounts/0/userId', keyword: 'dangling-reference' }),
    ])
    await patch(client.clientId, { entities: emptyEntities() })
  })
})
