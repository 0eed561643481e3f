import { Writable } from 'node:stream'
import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { signRequest } from '../src/auth/signRequest'
import { ProviderError } from '../src/providers'
import type { CustodyProvider } from '../src/providers/types'
import { encryptCredentials, signedInject } from './support/testGateway'
import { useTestClient, useTestGateway } from './support/useTestGateway'

/** A provider that connects, then fails to list wallets: creation must leave nothing behind. */
const failingSyncProvider: CustodyProvider = {
  id: 'failing-sync',
  name: 'Custodian failing mid-sync',
  validateCredentials: (credentials) => credentials,
  connect: async () =>
    ({
      providerId: 'failing-sync',
      listWallets: async () => {
        throw new ProviderError('PROVIDER_UNAVAILABLE', 'The custodian timed out')
      },
      listKnownDestinations: async () => [],
      revoke: async () => {},
    }) as unknown as Awaited<ReturnType<CustodyProvider['connect']>>,
}

/** A provider whose custodian is down: every connection attempt fails as the adapter contract says. */
const unreachableProvider: CustodyProvider = {
  id: 'unreachable',
  name: 'Unreachable custodian',
  validateCredentials: (credentials) => credentials,
  connect: async () => {
    throw new ProviderError('PROVIDER_UNAVAILABLE', 'The custodian did not answer', {
      host: 'custody.example.com',
    })
  },
}

const gateway = useTestGateway(
  {},
  {
    providers: [unreachableProvider, failingSyncProvider],
    plugins: [
      async (app) => {
        app.get('/v1/test/explode', async () => {
          throw new Error('database password is hunter2')
        })
      },
    ],
  },
)
const alice = useTestClient(gateway)

describe('error mapping: one body everywhere', () => {
  /** Posts a signed JSON body, exactly as given, to create a connection. */
  const postConnection = async (body: string | Buffer) => {
    const jws = await signRequest({
      method: 'POST',
      url: 'http://localhost/v1/provider/connections',
      body,
      privateJwk: alice.key.privateJwk,
    })
    return gateway.app.inject({
      method: 'POST',
      url: '/v1/provider/connections',
      headers: { 'content-type': 'application/json', 'x-client-id': alice.clientId, 'detached-jws': jws },
      payload: body,
    })
  }

  it('400 for a body that is not JSON', async () => {
    const response = await postConnection('{"provider": ')
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({
      statusCode: 400,
      code: 'MALFORMED_JSON',
      message: 'The body is not valid JSON',
    })
  })

  it('400 INVALID_UTF8 for a body with bytes that are not UTF-8, where they start, instead of reading U+FFFD', async () => {
    const body = Buffer.concat([
      Buffer.from('{"provider":"local","label":"a'),
      Buffer.from([0xc3, 0x28, 0xff, 0xfe]),
      Buffer.from('"}'),
    ])
    const response = await postConnection(body)
    expect(response.statusCode, response.body).toBe(400)
    expect(response.json()).toEqual({
      statusCode: 400,
      code: 'INVALID_UTF8',
      message: 'The body is not valid UTF-8 (from byte 30, line 1, column 31)',
      context: { offset: 30, line: 1, column: 31 },
    })
    // An id, in an admin body: before the schema or the route sees it.
    const registration = await gateway.app.inject({
      method: 'POST',
      url: '/v1/admin/clients',
      headers: { 'content-type': 'application/json', 'x-api-key': gateway.config.adminApiKey },
      payload: Buffer.concat([
        Buffer.from('{\n  "clientId": "a'),
        Buffer.from([0xc3, 0x28, 0xff, 0xfe]),
        Buffer.from('",\n  "name": "x",\n  "publicKeys": []\n}'),
      ]),
    })
    expect(registration.statusCode).toBe(400)
    expect(registration.json()).toMatchObject({
      code: 'INVALID_UTF8',
      context: { offset: 18, line: 2, column: 17 },
    })
  })

  it.each([
    '{"provider":"local","__proto__":{"isAdmin":true}}',
    '{"provider":"local","constructor":{"prototype":{"isAdmin":true}}}',
  ])('400 for a body with a prototype member (%s), as fastify refuses it', async (body) => {
    const response = await postConnection(body)
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({
      statusCode: 400,
      code: 'FORBIDDEN_JSON_MEMBER',
      message:
        'The body has a __proto__ or constructor.prototype member, which could change the prototype of the objects built from it',
    })
  })

  it('400 for a body nested deeper than any request needs, instead of a 500 from code that walks it', async () => {
    const depth = 5000
    const body = `{"provider":"local","label":${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}}`
    const response = await postConnection(body)
    expect(response.statusCode, response.body).toBe(400)
    expect(response.json()).toMatchObject({ statusCode: 400, code: 'JSON_TOO_DEEP' })
    // A body as deep as the bound is read, and judged by its schema.
    const allowed = `{"provider":"local","label":${'['.repeat(62)}1${']'.repeat(62)}}`
    expect((await postConnection(allowed)).statusCode).toBe(422)
  })

  it('400 for a media type the gateway does not take', async () => {
    const response = await gateway.app.inject({
      method: 'POST',
      url: '/v1/provider/connections',
      headers: { 'content-type': 'text/plain', 'x-client-id': alice.clientId },
      payload: 'hello',
    })
    expect(response.statusCode).toBe(400)
    expect(response.json().code).toBe('UNSUPPORTED_MEDIA_TYPE')
  })

  it('422 lists every failure with its JSON Pointer', async () => {
    const response = await signedInject(gateway, alice, {
      method: 'POST',
      url: '/v1/provider/connections',
      body: { provider: 'Not A Provider', label: '', extra: true },
    })
    expect(response.statusCode).toBe(422)
    const body = response.json()
    expect(body.code).toBe('VALIDATION_FAILED')
    expect(body.context.issues.map((i: { path: string }) => i.path).sort()).toEqual(
      ['/encryptedCredentials', '/extra', '/label', '/provider'].sort(),
    )
  })

  it('500 carries no detail of the failure', async () => {
    const response = await signedInject(gateway, alice, { method: 'GET', url: '/v1/test/explode' })
    expect(response.statusCode).toBe(500)
    expect(response.json()).toEqual({
      statusCode: 500,
      code: 'INTERNAL_ERROR',
      message: 'Internal server error',
    })
    expect(response.body).not.toContain('hunter2')
  })

  it('502 when the custody provider fails', async () => {
    const encryptedCredentials = await encryptCredentials(gateway, alice, { apiKey: 'k' })
    const response = await signedInject(gateway, alice, {
      method: 'POST',
      url: '/v1/provider/connections',
      body: { provider: 'unreachable', encryptedCredentials },
    })
    expect(response.statusCode, response.body).toBe(502)
    expect(response.json()).toMatchObject({ statusCode: 502, code: 'PROVIDER_UNAVAILABLE' })
  })

  it('502 when the provider fails during the first sync, and no connection is left behind', async () => {
    const encryptedCredentials = await encryptCredentials(gateway, alice, { apiKey: 'k' })
    const response = await signedInject(gateway, alice, {
      method: 'POST',
      url: '/v1/provider/connections',
      body: { provider: 'failing-sync', connectionId: 'half-made', encryptedCredentials },
    })
    expect(response.statusCode, response.body).toBe(502)
    const get = await signedInject(gateway, alice, {
      method: 'GET',
      url: '/v1/provider/connections/half-made',
    })
    expect(get.statusCode).toBe(404)
  })

  it('404 for an unknown route, 401 before any validation', async () => {
    const missing = await gateway.app.inject({ method: 'GET', url: '/v1/nothing' })
    expect(missing.statusCode).toBe(404)
    expect(missing.json().code).toBe('ROUTE_NOT_FOUND')
    const unsigned = await gateway.app.inject({ method: 'GET', url: '/v1/provider/networks?limit=1000' })
    expect(unsigned.statusCode).toBe(401)
  })

  it('every response carries a request id', async () => {
    const response = await gateway.app.inject({ method: 'GET', url: '/health' })
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/)
  })
})

describe('logs', () => {
  it('are JSON with request ids and never contain secrets', async () => {
    const lines: string[] = []
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(chunk.toString())
        done()
      },
    })
    const { redactedPaths } = await import('../src/core/logging/logRedaction')
    const app = Fastify({
      logger: { level: 'info', stream, redact: { paths: redactedPaths, censor: '[redacted]' } },
      genReqId: () => 'req-1',
    })
    app.get('/', async (request) => {
      request.log.info(
        { credentials: { passphrase: 'p4ss' }, headers: { authorization: 'GNAP tok' } },
        'hello',
      )
      return {}
    })
    await app.inject({
      method: 'GET',
      url: '/',
      headers: { authorization: 'GNAP secret-token', 'detached-jws': 'sig' },
    })
    await app.close()
    const text = lines.join('')
    expect(text).not.toContain('p4ss')
    expect(text).not.toContain('secret-token')
    expect(text).not.toContain('GNAP tok')
    const parsed = lines.map((line) => JSON.parse(line))
    expect(parsed.every((line) => line.reqId === 'req-1' || line.reqId === undefined)).toBe(true)
  })
})
