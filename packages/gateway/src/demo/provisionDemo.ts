import { randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { dirname, resolve } from 'node:path'
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { CompactEncrypt, importJWK } from 'jose'
import { signRequest } from '../auth/signRequest'
import { registerClient } from '../clients/registerClient'
import { generateSigningJwk } from '../core/crypto/generateSigningJwk'
import { clients, connections } from '../core/database/schema'
import type { DemoClient, DemoFile, ProvisionResult } from './demoFile'
import { provisionIdentity } from './provisionIdentity'

export type { DemoClient, DemoFile, DemoIdentityView, ProvisionResult } from './demoFile'

async function readJson(path: string): Promise<unknown> {
  return JSON.parse(await readFile(path, 'utf8'))
}

/**
 * Provisions the demo on a fresh gateway: the client (with a new ES256K key), its entities, policies and
 * presets from `fixtures/`, and a local-provider connection created through the gateway's own API (transit key,
 * JWE, signed request), exactly as a real client would. Then the key becomes a credential of the demo file's user
 * and the connection's addresses entities accounts (see provisionIdentity). Does nothing for what already exists.
 */
export async function provisionDemo(
  app: FastifyInstance,
  demoFilePath: string,
  existingKey: DemoClient | null,
): Promise<ProvisionResult> {
  const demo = (await readJson(demoFilePath)) as DemoFile
  const base = dirname(demoFilePath)
  const [existing] = await app.db
    .select({ clientId: clients.clientId })
    .from(clients)
    .where(eq(clients.clientId, demo.client.clientId))
  let client = existingKey?.clientId === demo.client.clientId ? existingKey : null
  let createdClient = false
  if (!existing) {
    const key = await generateSigningJwk('ES256K', `${demo.client.clientId}-key-1`)
    await registerClient(app.db, {
      clientId: demo.client.clientId,
      name: demo.client.name,
      publicKeys: [key.publicJwk],
      ...(demo.client.entities
        ? { entities: (await readJson(resolve(base, demo.client.entities))) as Record<string, unknown> }
        : {}),
      ...(demo.client.policies
        ? { policies: (await readJson(resolve(base, demo.client.policies))) as Record<string, unknown>[] }
        : {}),
      presets: demo.client.presets ?? [],
    })
    client = { clientId: demo.client.clientId, privateJwk: key.privateJwk }
    createdClient = true
  }
  if (!client) {
    return { client: null, createdClient, createdConnection: false, identity: null, updatedEntities: false }
  }
  const createdConnection = await connectDemo(app, demo, client)
  const identity = await provisionIdentity(app, demo, client)
  return { client, createdClient, createdConnection, ...identity }
}

/** Creates the demo connection (which syncs it) unless it exists. */
async function connectDemo(app: FastifyInstance, demo: DemoFile, client: DemoClient): Promise<boolean> {
  const [connection] = await app.db
    .select({ connectionId: connections.connectionId })
    .from(connections)
    .where(eq(connections.connectionId, demo.connection.connectionId))
  if (connection) return false

  const call = async (method: 'POST', url: string, body?: unknown) => {
    const text = body === undefined ? undefined : JSON.stringify(body)
    const detachedJws = await signRequest({
      method,
      // inject arrives as http://localhost; with a public origin, the signed uri must have that one instead.
      url: `${app.config.publicOrigin ?? 'http://localhost'}${url}`,
      privateJwk: client.privateJwk,
      ...(text === undefined ? {} : { body: text }),
    })
    const response = await app.inject({
      method,
      url,
      headers: {
        'x-client-id': client.clientId,
        'detached-jws': detachedJws,
        ...(text === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(text === undefined ? {} : { payload: text }),
    })
    if (response.statusCode >= 300)
      throw new Error(`Demo provisioning: ${method} ${url} answered ${response.body}`)
    return response.json()
  }
  const transit = await call('POST', '/v1/vault/encryption-keys')
  const credentials = { passphrase: randomBytes(24).toString('base64url') }
  const encryptedCredentials = await new CompactEncrypt(new TextEncoder().encode(JSON.stringify(credentials)))
    .setProtectedHeader({ alg: 'RSA-OAEP-256', enc: 'A256GCM', kid: transit.publicKey.kid })
    .encrypt(await importJWK(transit.publicKey, 'RSA-OAEP-256'))
  const { accounts: _entities, ...connectionBody } = demo.connection
  await call('POST', '/v1/provider/connections', { ...connectionBody, encryptedCredentials })
  return true
}
