import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { beforeAll, describe, expect, it } from 'vitest'
import { grantTokens } from '../src/core/database/grantsSchema'
import { routeGrantKey, routeGrants } from '../src/grants/grantActions'
import { requireGrant } from '../src/grants/requireGrant'
import { issueToken, startGrant } from './grantsFlow'
import { createTestConnection, signedInject, type TestClient } from './support/testGateway'
import { useTestClient, useTestGateway } from './support/useTestGateway'

/** Two routes only tests have: one that declares its grant in its config, one nobody classified. */
async function testRoutes(app: FastifyInstance) {
  app.get('/v1/test/declared', { config: requireGrant('evm:read') }, async (request) => ({
    grant: request.grant?.tokenId ?? null,
  }))
  app.get('/v1/test/unclassified', async () => ({ ok: true }))
}

const gateway = useTestGateway({}, { plugins: [testRoutes] })
const alice = useTestClient(gateway)
const bob = useTestClient(gateway)
let granted: string
let other: string
let token: Awaited<ReturnType<typeof issueToken>>

beforeAll(async () => {
  granted = (await createTestConnection(gateway, alice, { label: 'Granted' })).connectionId
  other = (await createTestConnection(gateway, alice, { label: 'Other' })).connectionId
  token = await issueToken(gateway, alice, [granted], ['wallets:read', 'connections:read', 'evm:read'])
})

type Call = {
  method?: 'GET' | 'POST' | 'DELETE'
  url: string
  connection?: string
  token?: string
  as?: TestClient
}

async function call({ method = 'GET', url, connection, token: value, as = alice }: Call) {
  return signedInject(gateway, as, {
    method,
    url,
    ...(connection ? { headers: { 'x-connection-id': connection } } : {}),
    ...(value ? { accessToken: value } : {}),
  })
}

describe('an access token on the provider routes', () => {
  it('lets through an action it grants at a connection it grants', async () => {
    const response = await call({ url: '/v1/provider/wallets', connection: granted, token: token.value })
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json().data.length).toBeGreaterThan(0)
    for (const wallet of response.json().data) expect(wallet.connectionId).toBe(granted)
    const byId = await call({ url: `/v1/provider/connections/${granted}`, token: token.value })
    expect(byId.statusCode).toBe(200)
  })

  it.each([
    [
      'an action it does not grant',
      { url: '/v1/provider/accounts', connection: 'granted' },
      403,
      'GRANT_ACTION_NOT_COVERED',
    ],
    [
      'a connection it does not grant',
      { url: '/v1/provider/wallets', connection: 'other' },
      403,
      'GRANT_LOCATION_NOT_COVERED',
    ],
    ['no named connection', { url: '/v1/provider/wallets' }, 403, 'GRANT_CONNECTION_REQUIRED'],
    [
      'a connection id in the path it does not grant',
      { url: '/v1/provider/connections/:other' },
      403,
      'GRANT_LOCATION_NOT_COVERED',
    ],
    [
      'a revocation it does not grant',
      { method: 'DELETE', url: '/v1/provider/connections/:granted' },
      403,
      'GRANT_ACTION_NOT_COVERED',
    ],
    ['a route nobody classified', { url: '/v1/test/unclassified' }, 403, 'GRANT_ROUTE_NOT_COVERED'],
  ] as const)('refuses %s', async (_name, shape, status, code) => {
    const ids = { granted, other } as Record<string, string>
    const url = shape.url.replace(/:(granted|other)$/, (_m, name: string) => ids[name] ?? '')
    const connection = 'connection' in shape ? ids[shape.connection] : undefined
    const response = await call({
      ...('method' in shape ? { method: shape.method } : {}),
      url,
      ...(connection ? { connection } : {}),
      token: token.value,
    })
    expect(response.statusCode, response.body).toBe(status)
    expect(response.json().code).toBe(code)
  })

  it('honours a grant declared in the route config, and tells the route which token let it through', async () => {
    const response = await call({ url: '/v1/test/declared', connection: granted, token: token.value })
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json().grant).toMatch(/^token_/)
    const elsewhere = await call({ url: '/v1/test/declared', connection: other, token: token.value })
    expect(elsewhere.json().code).toBe('GRANT_LOCATION_NOT_COVERED')
  })

  it("refuses another client's token, a continuation token and a made-up token", async () => {
    const started = await startGrant(gateway, alice)
    for (const [as, value] of [
      [bob, token.value],
      [alice, started.continuation],
      [alice, token.manage.access_token.value],
      [alice, 'rampart-at-made-up'],
    ] as const) {
      const response = await call({ url: '/v1/provider/networks', token: value, as })
      expect(response.statusCode, response.body).toBe(401)
      expect(response.json().code).toBe('GRANT_TOKEN_INVALID')
    }
  })

  it('refuses an expired token', async () => {
    const another = (await createTestConnection(gateway, alice, { label: 'Expiring' })).connectionId
    const expiring = await issueToken(gateway, alice, [another], ['networks:read'])
    const ok = await call({ url: '/v1/provider/networks', token: expiring.value })
    expect(ok.statusCode).toBe(200)
    const tokenId = expiring.manage.uri.split('/').pop() ?? ''
    await gateway.database.db
      .update(grantTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(grantTokens.tokenId, tokenId))
    const late = await call({ url: '/v1/provider/networks', token: expiring.value })
    expect(late.statusCode).toBe(401)
    expect(late.json().code).toBe('GRANT_TOKEN_EXPIRED')
  })

  it('needs the token bound to the signature (ath): the same token unsigned for is refused', async () => {
    const response = await signedInject(gateway, alice, {
      method: 'GET',
      url: '/v1/provider/wallets',
      headers: { 'x-connection-id': granted, authorization: `GNAP ${token.value}` },
    })
    expect(response.statusCode).toBe(401)
    expect(response.json().code).toBe('JWS_ATH_MISMATCH')
  })
})

describe('a connection placed under a grant', () => {
  it('cannot be used without a token, by header or by path', async () => {
    for (const request of [
      { url: '/v1/provider/wallets', connection: granted },
      { url: `/v1/provider/connections/${granted}` },
      { method: 'DELETE' as const, url: `/v1/provider/connections/${granted}` },
    ]) {
      const response = await call(request)
      expect(response.statusCode, response.body).toBe(401)
      expect(response.json().code).toBe('GRANT_TOKEN_REQUIRED')
      expect(response.headers['www-authenticate']).toBe('GNAP as_uri="http://localhost/v1/grant"')
    }
  })

  it('covers HEAD as its GET', async () => {
    const head = await signedInject(gateway, alice, {
      method: 'HEAD' as 'GET',
      url: '/v1/provider/wallets',
      headers: { 'x-connection-id': granted },
    })
    expect(head.statusCode).toBe(401)
  })

  it('keeps lists across all connections closed without a token, while other connections stay open', async () => {
    const all = await call({ url: '/v1/provider/wallets' })
    expect(all.statusCode).toBe(401)
    expect(all.json().code).toBe('GRANT_TOKEN_REQUIRED')
    const named = await call({ url: '/v1/provider/wallets', connection: other })
    expect(named.statusCode, named.body).toBe(200)
    for (const wallet of named.json().data) expect(wallet.connectionId).toBe(other)
    // The catalogue and the connections list act on no connection.
    expect((await call({ url: '/v1/provider/networks' })).statusCode).toBe(200)
    expect((await call({ url: '/v1/provider/connections' })).statusCode).toBe(200)
  })

  it('leaves clients without granted connections as they were', async () => {
    await createTestConnection(gateway, bob)
    const response = await call({ url: '/v1/provider/wallets', as: bob })
    expect(response.statusCode, response.body).toBe(200)
  })
})

describe('the classification of routes', () => {
  it('classifies every documented client operation for access tokens', async () => {
    const document = gateway.app.swagger() as {
      paths: Record<string, Record<string, { security?: unknown[] }>>
    }
    const unclassified: string[] = []
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const key = routeGrantKey(method, path.replace(/\{[^}]+\}/g, ':x'))
        const isAdmin = JSON.stringify(operation.security ?? '').includes('adminApiKey')
        const isOwn = path.startsWith('/v1/grant') || path === '/v1/continue' || path.startsWith('/v1/test/')
        // Routes no client calls (a custodian's webhooks) declare no security at all.
        const isPublic = Array.isArray(operation.security) && operation.security.length === 0
        if (!isAdmin && !isOwn && !isPublic && path !== '/health' && !routeGrants[key]) unclassified.push(key)
      }
    }
    expect(
      unclassified,
      'Classify each route in routeGrants (src/grants/grantActions.ts) or with config: requireGrant(action, location)',
    ).toEqual([])
  })
})
