import { emptyEntities } from '@rampart/entities'
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { grants, grantTokens } from '../src/core/database/grantsSchema'
import {
  approve,
  continueGrant,
  expectedHash,
  finishUri,
  grantBody,
  openPage,
  startGrant,
  submitForm,
} from './grantsFlow'
import { createTestConnection, signedInject, type TestClient } from './support/testGateway'
import { useTestClient, useTestGateway } from './support/useTestGateway'

const entities = { ...emptyEntities(), users: [{ id: 'ceo', role: 'admin' }] }

const gateway = useTestGateway()
const alice = useTestClient(gateway, ['ES256K', 'EdDSA'], { entities })
const bob = useTestClient(gateway)
let treasury: string
let operations: string

beforeAll(async () => {
  treasury = (await createTestConnection(gateway, alice, { label: 'Treasury <vault>' })).connectionId
  operations = (await createTestConnection(gateway, alice, { label: 'Operations' })).connectionId
})

/** A connection under no grant yet: each continued grant places its picks under its user's control. */
const freshConnection = async () => (await createTestConnection(gateway, alice)).connectionId

async function grantRequest(client: TestClient, body: unknown) {
  return signedInject(gateway, client, { method: 'POST', url: '/v1/grant', body })
}

describe('POST /v1/grant', () => {
  it('answers 201 with the interaction redirect, the server nonce and the continuation', async () => {
    const body = grantBody(alice, { user: { id: 'ceo' }, networks: ['ETHEREUM', 'BASE'], providers: 'all' })
    const response = await grantRequest(alice, body)
    expect(response.statusCode, response.body).toBe(201)
    expect(response.headers['cache-control']).toBe('no-store')
    const json = response.json()
    expect(json).toEqual({
      interact: { redirect: expect.any(String), finish: expect.any(String), expires_in: 600 },
      continue: {
        access_token: { value: expect.stringMatching(/^rampart-ct-/) },
        uri: 'http://localhost/v1/continue',
      },
    })
    expect(json.interact.redirect).toMatch(/^http:\/\/localhost\/v1\/grant\/interact\/rampart-ix-[\w-]{43}$/)
    const [row] = await gateway.database.db.select().from(grants).where(eq(grants.clientId, alice.clientId))
    expect(row).toMatchObject({
      status: 'pending',
      providers: 'all',
      networks: ['ETHEREUM', 'BASE'],
      userId: 'ceo',
    })
  })

  it('applies the defaults: production providers, all networks, sha-256', async () => {
    const started = await startGrant(gateway, bob)
    const [row] = await gateway.database.db
      .select()
      .from(grants)
      .where(eq(grants.clientNonce, started.body.interact.finish.nonce))
    expect(row).toMatchObject({
      providers: 'production',
      networks: 'all',
      hashMethod: 'sha-256',
      capabilities: ['evm'],
    })
  })

  it.each([
    ['no interact', { interact: undefined }, 'GRANT_REQUEST_INVALID', '/interact'],
    [
      'no redirect start mode',
      { interact: { start: ['app'], finish: { method: 'redirect', uri: finishUri, nonce: 'n'.repeat(16) } } },
      'GRANT_REQUEST_INVALID',
      '/interact/start',
    ],
    [
      'a push finish',
      {
        interact: { start: ['redirect'], finish: { method: 'push', uri: finishUri, nonce: 'n'.repeat(16) } },
      },
      'GRANT_REQUEST_INVALID',
      '/interact/finish/method',
    ],
    [
      'a short nonce',
      { interact: { start: ['redirect'], finish: { method: 'redirect', uri: finishUri, nonce: 'short' } } },
      'GRANT_REQUEST_INVALID',
      '/interact/finish/nonce',
    ],
    [
      'an unknown action',
      { access_token: { access: [{ type: 'connection', actions: ['wallets:delete'] }] } },
      'GRANT_REQUEST_INVALID',
      '/access_token/access/0/actions/0',
    ],
    ['an unknown providers value', { providers: 'staging' }, 'GRANT_REQUEST_INVALID', '/providers'],
    ['an unknown property', { scope: 'everything' }, 'GRANT_REQUEST_INVALID', '/scope'],
    [
      'a plain-http finish uri',
      {
        interact: {
          start: ['redirect'],
          finish: { method: 'redirect', uri: 'http://app.example.com/finish', nonce: 'n'.repeat(16) },
        },
      },
      'GRANT_FINISH_URI_INVALID',
      '/interact/finish/uri',
    ],
    [
      'a finish uri with a fragment',
      {
        interact: {
          start: ['redirect'],
          finish: { method: 'redirect', uri: 'https://app.example.com/finish#x', nonce: 'n'.repeat(16) },
        },
      },
      'GRANT_FINISH_URI_INVALID',
      '/interact/finish/uri',
    ],
    ['another client id', { client: 'someone-else' }, 'GRANT_CLIENT_MISMATCH', '/client'],
    ['an unknown network', { networks: ['ETHEREUM', 'NARNIA'] }, 'GRANT_NETWORK_UNKNOWN', '/networks/1'],
    ['an unknown network category', { networks: 'fiat' }, 'GRANT_NETWORK_UNKNOWN', '/networks'],
    ['a user outside the entities', { user: { id: 'mallory' } }, 'GRANT_USER_UNKNOWN', '/user/id'],
    [
      'a connection of another client',
      { access_token: { access: [{ type: 'connection', actions: ['wallets:read'], locations: ['nope'] }] } },
      'GRANT_LOCATION_UNKNOWN',
      '/access_token/access/0/locations/0',
    ],
  ])('refuses %s with 400', async (_name, overrides, code, path) => {
    const response = await grantRequest(alice, grantBody(alice, overrides))
    expect(response.statusCode, response.body).toBe(400)
    const json = response.json()
    expect(json.code).toBe(code)
    expect(json.context.issues.map((issue: { path: string }) => issue.path)).toContain(path)
  })

  it('requires the request signature', async () => {
    const response = await gateway.app.inject({
      method: 'POST',
      url: '/v1/grant',
      headers: { 'x-client-id': alice.clientId, 'content-type': 'application/json' },
      payload: JSON.stringify(grantBody(alice)),
    })
    expect(response.statusCode).toBe(401)
    expect(response.json().code).toBe('JWS_MISSING')
  })

  it('refuses an Authorization header on a grant request', async () => {
    const response = await signedInject(gateway, alice, {
      method: 'POST',
      url: '/v1/grant',
      body: grantBody(alice),
      accessToken: 'rampart-at-whatever',
    })
    expect(response.statusCode).toBe(400)
    expect(response.json().code).toBe('GRANT_TOKEN_UNEXPECTED')
  })
})

describe('the interaction page', () => {
  it('shows the request, escaped, lists the connections, and sets a strict CSP and a SameSite cookie', async () => {
    const started = await startGrant(gateway, alice, {
      access_token: {
        label: '<img src=x onerror=alert(1)>',
        access: [{ type: 'connection', actions: ['evm:sign'] }],
      },
    })
    const { page, csrf, cookie } = await openPage(gateway, started.pagePath)
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(page.body).not.toContain('<img src=x')
    expect(page.body).toContain('&lt;img src=x onerror=alert(1)&gt;')
    expect(page.body).toContain('Treasury &lt;vault&gt;')
    expect(page.body).toContain(`value="${operations}"`)
    expect(page.body).toContain('<code>evm:sign</code>')
    expect(page.headers['content-security-policy']).toMatch(
      /^default-src 'self'; script-src 'nonce-[\w+/=]+'; style-src 'self'; .*form-action 'self' https:\/\/app\.example\.com; frame-ancestors 'none'$/,
    )
    expect(page.headers['x-frame-options']).toBe('DENY')
    expect(page.headers['referrer-policy']).toBe('same-origin')
    expect(csrf).toMatch(/^[\w-]{43}$/)
    const setCookie = String(page.headers['set-cookie'])
    expect(setCookie).toContain('HttpOnly')
    expect(setCookie).toContain('SameSite=Strict')
    expect(setCookie).toContain(`Path=${started.pagePath}`)
    expect(cookie).toBe(`rampart_grant_csrf=${csrf}`)
  })

  it('offers only the requested locations when the grant names some', async () => {
    const started = await startGrant(gateway, alice, {
      access_token: { access: [{ type: 'connection', actions: ['wallets:read'], locations: [operations] }] },
    })
    const { page } = await openPage(gateway, started.pagePath)
    expect(page.body).toContain(`value="${operations}"`)
    expect(page.body).not.toContain(`value="${treasury}"`)
  })

  it('redirects to the finish uri with the interaction hash of RFC 9635 §4.2.3 and a one-time interact_ref', async () => {
    const started = await startGrant(gateway, alice)
    const { location, hash, interactRef } = await approve(gateway, started, [treasury])
    expect(`${location.origin}${location.pathname}`).toBe('https://app.example.com/gnap/finish')
    expect(location.searchParams.get('session')).toBe('42')
    expect(interactRef).toMatch(/^rampart-ir-/)
    expect(hash).toBe(
      expectedHash([
        started.body.interact.finish.nonce,
        started.serverNonce,
        interactRef,
        'http://localhost/v1/grant',
      ]),
    )
    // The same page cannot be answered twice.
    const again = await openPage(gateway, started.pagePath)
    expect(again.page.statusCode).toBe(409)
  })

  it('honours the requested hash method', async () => {
    const started = await startGrant(gateway, alice, {
      interact: {
        start: ['redirect'],
        finish: { method: 'redirect', uri: finishUri, nonce: 'a-client-nonce-512', hash_method: 'sha-512' },
      },
    })
    const { hash, interactRef } = await approve(gateway, started, [treasury])
    expect(hash).toBe(
      expectedHash(
        ['a-client-nonce-512', started.serverNonce, interactRef, 'http://localhost/v1/grant'],
        'sha512',
      ),
    )
  })

  it('refuses a post without the cookie, with a different token, or from another origin', async () => {
    const started = await startGrant(gateway, alice)
    const { csrf, cookie, form } = await openPage(gateway, started.pagePath)
    const base = { decision: 'approve', connections: [treasury] }
    const noCookie = await submitForm(gateway, started.pagePath, { ...base, ...(csrf ? { csrf } : {}) })
    expect(noCookie.statusCode).toBe(403)
    const wrongToken = await submitForm(gateway, started.pagePath, {
      ...base,
      csrf: 'x'.repeat(43),
      ...(cookie ? { cookie } : {}),
    })
    expect(wrongToken.statusCode).toBe(403)
    const foreign = await submitForm(gateway, started.pagePath, {
      ...base,
      ...form,
      origin: 'https://evil.example',
    })
    expect(foreign.statusCode).toBe(403)
    const [row] = await gateway.database.db
      .select({ status: grants.status })
      .from(grants)
      .where(eq(grants.clientNonce, started.body.interact.finish.nonce))
    expect(row?.status).toBe('pending')
  })

  it('asks again when no listed connection is picked', async () => {
    const started = await startGrant(gateway, alice, {
      access_token: { access: [{ type: 'connection', actions: ['wallets:read'], locations: [operations] }] },
    })
    const { form } = await openPage(gateway, started.pagePath)
    for (const connections of [[], [treasury]]) {
      const response = await submitForm(gateway, started.pagePath, {
        ...form,
        decision: 'approve',
        connections,
      })
      expect(response.statusCode).toBe(422)
      expect(response.body).toContain('Pick at least one of the connections listed.')
    }
  })

  it('answers 404 for an unknown link and 410 once the interaction expired', async () => {
    const unknown = await gateway.app.inject({ method: 'GET', url: '/v1/grant/interact/rampart-ix-unknown' })
    expect(unknown.statusCode).toBe(404)
    expect(unknown.headers['content-type']).toBe('text/html; charset=utf-8')

    const started = await startGrant(gateway, alice)
    const { form } = await openPage(gateway, started.pagePath)
    await gateway.database.db
      .update(grants)
      .set({ interactionExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(grants.clientNonce, started.body.interact.finish.nonce))
    expect((await openPage(gateway, started.pagePath)).page.statusCode).toBe(410)
    const late = await submitForm(gateway, started.pagePath, {
      ...form,
      decision: 'approve',
      connections: [treasury],
    })
    expect(late.statusCode).toBe(410)
    const continued = await continueGrant(gateway, alice, started.continuation, 'rampart-ir-none')
    expect(continued.statusCode).toBe(400)
    expect(continued.json().code).toBe('GRANT_EXPIRED')
  })
})

describe('POST /v1/continue', () => {
  it('returns the access token in the specification shape, with expires_in in seconds', async () => {
    const started = await startGrant(gateway, alice)
    const { interactRef } = await approve(gateway, started, [treasury, operations])
    const response = await continueGrant(gateway, alice, started.continuation, interactRef)
    expect(response.statusCode, response.body).toBe(201)
    const token = response.json().access_token
    expect(token).toEqual({
      label: 'Treasury bot',
      value: expect.stringMatching(/^rampart-at-[\w-]{43}$/),
      manage: {
        uri: expect.stringMatching(/^http:\/\/localhost\/v1\/grant\/tokens\/token_[\w-]+$/),
        access_token: { value: expect.stringMatching(/^rampart-mt-[\w-]{43}$/) },
      },
      access: [
        {
          type: 'connection',
          actions: ['wallets:read', 'accounts:read'],
          locations: [treasury],
          identifier: treasury,
        },
        {
          type: 'connection',
          actions: ['wallets:read', 'accounts:read'],
          locations: [operations],
          identifier: operations,
        },
      ],
      expires_in: 3600,
    })

    const again = await continueGrant(gateway, alice, started.continuation, interactRef)
    expect(again.statusCode).toBe(401)
    expect(again.json().code).toBe('GRANT_CONTINUATION_USED')
  })

  it('stores hashes only: no token, continuation, interaction id or interact_ref in the database', async () => {
    const started = await startGrant(gateway, alice)
    const { interactRef } = await approve(gateway, started, [await freshConnection()])
    const token = (await continueGrant(gateway, alice, started.continuation, interactRef)).json().access_token
    const stored = JSON.stringify([
      await gateway.database.db.select().from(grants),
      await gateway.database.db.select().from(grantTokens),
    ])
    const interactionId = started.pagePath.split('/').pop() ?? ''
    for (const secret of [
      token.value,
      token.manage.access_token.value,
      started.continuation,
      interactionId,
      interactRef,
    ]) {
      expect(secret.length).toBeGreaterThan(40)
      expect(stored).not.toContain(secret)
    }
  })

  it.each([
    ['no continuation token', 'missing', 401, 'GRANT_CONTINUATION_MISSING'],
    ['a wrong interact_ref', 'wrong-ref', 400, 'GRANT_INTERACT_REF_INVALID'],
    ["another key of the client's", 'other-key', 401, 'GRANT_CONTINUATION_INVALID'],
    ['another client', 'other-client', 401, 'GRANT_CONTINUATION_INVALID'],
    ['an empty interact_ref', 'empty-ref', 400, 'GRANT_REQUEST_INVALID'],
  ])('refuses %s', async (_name, variant, status, code) => {
    const started = await startGrant(gateway, alice)
    const { interactRef } = await approve(gateway, started, [await freshConnection()])
    const response =
      variant === 'missing'
        ? await continueGrant(gateway, alice, undefined, interactRef)
        : variant === 'wrong-ref'
          ? await continueGrant(gateway, alice, started.continuation, `${interactRef}x`)
          : variant === 'other-key'
            ? await continueGrant(
                gateway,
                alice,
                started.continuation,
                interactRef,
                alice.keys[1]?.privateJwk,
              )
            : variant === 'other-client'
              ? await continueGrant(gateway, bob, started.continuation, interactRef)
              : await continueGrant(gateway, alice, started.continuation, '')
    expect(response.statusCode, response.body).toBe(status)
    expect(response.json().code).toBe(code)
    // None of these spent the grant: the right continuation still succeeds.
    const good = await continueGrant(gateway, alice, started.continuation, interactRef)
    expect(good.statusCode).toBe(201)
  })

  it('answers GRANT_PENDING before the user answers and GRANT_DENIED after a denial', async () => {
    const started = await startGrant(gateway, alice)
    const pending = await continueGrant(gateway, alice, started.continuation, 'rampart-ir-early')
    expect(pending.statusCode).toBe(400)
    expect(pending.json().code).toBe('GRANT_PENDING')
    const { form } = await openPage(gateway, started.pagePath)
    const denied = await submitForm(gateway, started.pagePath, {
      ...form,
      decision: 'deny',
    })
    expect(denied.statusCode).toBe(200)
    expect(denied.body).toContain('Access denied')
    const after = await continueGrant(gateway, alice, started.continuation, 'rampart-ir-any')
    expect(after.statusCode).toBe(403)
    expect(after.json().code).toBe('GRANT_DENIED')
  })
})
