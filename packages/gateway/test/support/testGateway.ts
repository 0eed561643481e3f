import { randomBytes, randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { CompactEncrypt, importJWK, type JWK } from 'jose'
import { inject } from 'vitest'
import { type BuildGatewayOptions, buildGateway } from '../../src/app/buildGateway'
import { signRequest } from '../../src/auth/signRequest'
import { seedCatalogue } from '../../src/core/catalogue/seedCatalogue'
import type { GatewayConfig } from '../../src/core/config/gatewayConfig'
import { parseMasterKey } from '../../src/core/crypto/envelope'
import { generateSigningJwk, type SigningKeyPair } from '../../src/core/crypto/generateSigningJwk'
import type { JwsAlgorithm } from '../../src/core/crypto/jwsAlgorithms'
import { signingRequests } from '../../src/core/database/actionsSchema'
import { type OpenDatabase, openDatabase } from '../../src/core/database/openDatabase'
import { type CustodyProvider, createLocalProvider } from '../../src/providers'
import { databaseUrl, onServer } from './postgresTemplate'
import { openTemplateDatabase } from './templateDatabase'

/** A fast scrypt for tests; production vaults use OWASP's floor. */
export const testScrypt = { N: 2 ** 10, r: 8, p: 1 }

export type TestClient = { clientId: string; keys: SigningKeyPair[]; key: SigningKeyPair }

export type TestGateway = {
  app: FastifyInstance
  config: GatewayConfig
  database: OpenDatabase
  close: () => Promise<void>
}

/**
 * One database per test gateway: in-memory PGlite (loaded from the global setup's migrated template when there is
 * one), or — when DATABASE_URL is set (CI) — a fresh PostgreSQL database created for it (from the global setup's
 * migrated template) and dropped afterwards, so gateways never see each other's rows.
 */
async function openTestDatabase(): Promise<{ database: OpenDatabase; drop: () => Promise<void> }> {
  const url = process.env.DATABASE_URL
  if (!url) {
    const template = inject('pgliteTemplate')
    const database = template ? await openTemplateDatabase(template) : await openDatabase({})
    return { database, drop: async () => {} }
  }
  const name = `rampart_test_${randomBytes(6).toString('hex')}`
  const template = inject('postgresTemplate')
  await onServer(url, `create database ${name}${template ? ` template ${template}` : ''}`)
  const drop = () => onServer(url, `drop database if exists ${name} with (force)`)
  try {
    // The gateway's own migrator still runs (and finds nothing to apply on a copy of the template).
    return { database: await openDatabase({ url: databaseUrl(url, name) }), drop }
  } catch (error) {
    await drop()
    throw error
  }
}

export async function testConfig(overrides: Partial<GatewayConfig> = {}): Promise<GatewayConfig> {
  const attestation = await generateSigningJwk('ES256K', 'attestation')
  return {
    host: '127.0.0.1',
    port: 0,
    database: {},
    adminApiKey: randomBytes(24).toString('base64url'),
    masterKey: parseMasterKey(randomBytes(32).toString('base64')),
    attestationKey: attestation.privateJwk,
    jwsMaxAgeSeconds: 60,
    transitKeyTtlSeconds: 3600,
    interruptedAfterSeconds: 600,
    logLevel: 'silent',
    ...overrides,
  }
}

export type TestGatewayOptions = {
  providers?: CustodyProvider[]
  plugins?: BuildGatewayOptions['plugins']
  /** Logs nothing unless given. */
  logger?: BuildGatewayOptions['logger']
  /** Leaves out the PGlite read cache, so every read queries (a bench's baseline). */
  withoutReadCache?: boolean
  /** Locks across processes on PostgreSQL, as bin/start.ts does (the database's advisory locks). */
  lockAcrossGateways?: boolean
}

export async function startTestGateway(
  overrides: Partial<GatewayConfig> = {},
  options: TestGatewayOptions = {},
): Promise<TestGateway> {
  const { database, drop } = await openTestDatabase()
  return gatewayOn(database, await testConfig(overrides), options, drop)
}

/**
 * The test gateway on a database the caller opened (PGlite in a directory, or outside vitest, where the global
 * setup's template is not there): the catalogue seeded, the local provider with a fast scrypt. Closing it closes
 * the database, then runs `drop`.
 */
export async function gatewayOn(
  database: OpenDatabase,
  config: GatewayConfig,
  options: TestGatewayOptions = {},
  drop: () => Promise<void> = async () => {},
): Promise<TestGateway> {
  await seedCatalogue(database.db)
  const app = await buildGateway({
    config,
    db: database.db,
    providers: [createLocalProvider({ scrypt: testScrypt }), ...(options.providers ?? [])],
    logger: options.logger ?? false,
    readCache: options.withoutReadCache ? undefined : database.readCache,
    ...(options.lockAcrossGateways ? { lockAcrossGateways: database.lockAcrossGateways } : {}),
    ...(options.plugins ? { plugins: options.plugins } : {}),
  })
  return {
    app,
    config,
    database,
    close: async () => {
      await app.close()
      await database.close()
      await drop()
    },
  }
}

/**
 * Signed GETs of `url` made ahead, each with its own jti (each is accepted once), for a bench or profile to send
 * off the clock. `origin` is what inject's requests are checked against.
 */
export async function presignedGets(
  url: string,
  privateJwk: JWK,
  count: number,
  origin = 'http://localhost:80',
): Promise<string[]> {
  const created = Math.floor(Date.now() / 1000)
  const out: string[] = []
  for (let i = 0; i < count; i++) {
    out.push(
      await signRequest({ method: 'GET', url: `${origin}${url}`, privateJwk, created, jti: randomUUID() }),
    )
  }
  return out
}

/** Registers a client through the admin route, with one key per algorithm given (the first is the default). */
export async function registerTestClient(
  gateway: TestGateway,
  algorithms: JwsAlgorithm[] = ['ES256K'],
  extra: Record<string, unknown> = {},
): Promise<TestClient> {
  const clientId = `client-${randomUUID().slice(0, 8)}`
  const keys = await Promise.all(algorithms.map((alg) => generateSigningJwk(alg, `${clientId}-${alg}`)))
  const response = await gateway.app.inject({
    method: 'POST',
    url: '/v1/admin/clients',
    headers: { 'x-api-key': gateway.config.adminApiKey },
    payload: { clientId, name: `Test ${clientId}`, publicKeys: keys.map((k) => k.publicJwk), ...extra },
  })
  if (response.statusCode !== 201) throw new Error(`Client registration failed: ${response.body}`)
  return { clientId, keys, key: keys[0]! }
}

export type SignedInjectOptions = {
  method: 'GET' | 'POST' | 'DELETE' | 'PUT' | 'PATCH'
  url: string
  body?: unknown
  privateJwk?: JWK
  headers?: Record<string, string>
  accessToken?: string
}

/** Sends a really signed request through `inject`. */
export async function signedInject(gateway: TestGateway, client: TestClient, options: SignedInjectOptions) {
  const body = options.body === undefined ? undefined : JSON.stringify(options.body)
  const jws = await signRequest({
    method: options.method,
    url: `http://localhost${options.url}`,
    ...(body === undefined ? {} : { body }),
    privateJwk: options.privateJwk ?? client.key.privateJwk,
    // Two identical requests in one second would otherwise be refused as a replay.
    jti: randomUUID(),
    ...(options.accessToken === undefined ? {} : { accessToken: options.accessToken }),
  })
  return gateway.app.inject({
    method: options.method,
    url: options.url,
    headers: {
      'x-client-id': client.clientId,
      'detached-jws': jws,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.accessToken === undefined ? {} : { authorization: `GNAP ${options.accessToken}` }),
      ...options.headers,
    },
    ...(body === undefined ? {} : { payload: body }),
  })
}

/** Encrypts credentials to a fresh transit key of the client, as a client does before creating a connection. */
export async function encryptCredentials(
  gateway: TestGateway,
  client: TestClient,
  credentials: unknown,
  options: { alg?: string } = {},
): Promise<string> {
  const keyResponse = await signedInject(gateway, client, {
    method: 'POST',
    url: '/v1/vault/encryption-keys',
  })
  if (keyResponse.statusCode !== 201) throw new Error(`Transit key creation failed: ${keyResponse.body}`)
  const { publicKey } = keyResponse.json()
  const alg = options.alg ?? 'RSA-OAEP-256'
  const key = await importJWK({ ...publicKey, alg }, alg)
  return new CompactEncrypt(new TextEncoder().encode(JSON.stringify(credentials)))
    .setProtectedHeader({ alg, enc: 'A256GCM', kid: publicKey.kid })
    .encrypt(key)
}

export const localCredentials = () => ({ passphrase: `correct horse battery ${randomUUID()}` })

/** Creates a local-provider connection for the client and returns the API's connection record. */
export async function createTestConnection(
  gateway: TestGateway,
  client: TestClient,
  body: Record<string, unknown> = {},
): Promise<{ connectionId: string; [key: string]: unknown }> {
  const encryptedCredentials = await encryptCredentials(gateway, client, localCredentials())
  const response = await signedInject(gateway, client, {
    method: 'POST',
    url: '/v1/provider/connections',
    body: { provider: 'local', label: 'Test connection', encryptedCredentials, ...body },
  })
  if (response.statusCode !== 201) throw new Error(`Connection creation failed: ${response.body}`)
  return response.json().data
}

/** How many signing requests the gateway has recorded: a request refused while planning adds none. */
export async function signingRequestCount(gateway: TestGateway): Promise<number> {
  return (await gateway.app.db.select().from(signingRequests)).length
}
