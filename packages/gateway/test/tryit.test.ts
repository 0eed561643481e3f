import type { LightMyRequestResponse } from 'fastify'
import { beforeAll, describe, expect, it } from 'vitest'
import { requestFixture } from './support/requestFixtures'
import { policy } from './support/signingClient'
import { signingRequestCount, type TestClient } from './support/testGateway'
import { useTestGateway } from './support/useTestGateway'
import { hostileTypedData, registerTryItClient } from './tryItSetup'

const gateway = useTestGateway()
let client: TestClient
let hostile: TestClient
const usdtTransfer = requestFixture('erc20-transfer-usdt.json').request

beforeAll(async () => {
  client = await registerTryItClient(gateway)
  hostile = await registerTryItClient(gateway, { hostileSymbol: true })
})

/** A browser of the try-it page: keeps its cookies and the CSRF token of the last page it was shown. */
function pageSession() {
  const cookies = new Map<string, string>()
  let csrf = ''
  const remember = (response: LightMyRequestResponse) => {
    for (const cookie of response.cookies as { name: string; value: string }[]) {
      if (cookie.value === '') cookies.delete(cookie.name)
      else cookies.set(cookie.name, cookie.value)
    }
    csrf = /name="csrf" value="([^"]+)"/.exec(response.body)?.[1] ?? csrf
    return response
  }
  const cookieHeader = () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; ')
  return {
    cookies,
    get csrf() {
      return csrf
    },
    get: async (url = '/try') =>
      remember(await gateway.app.inject({ method: 'GET', url, headers: { cookie: cookieHeader() } })),
    post: async (url: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
      remember(
        await gateway.app.inject({
          method: 'POST',
          url,
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            cookie: cookieHeader(),
            origin: 'http://localhost',
            ...headers,
          },
          payload: new URLSearchParams({ csrf, ...fields }).toString(),
        }),
      ),
  }
}

async function signedIn() {
  const session = pageSession()
  await session.get()
  const response = await session.post('/try/sign-in', { adminKey: gateway.config.adminApiKey })
  expect(response.statusCode).toBe(303)
  await session.get()
  return session
}

const tryRequest = (fields: Record<string, string>) => ({
  action: 'try',
  clientId: client.clientId,
  request: JSON.stringify(usdtTransfer),
  ...fields,
})

describe('the try-it page: who may use it', () => {
  it('shows the sign-in form until the admin key is given, with the page headers', async () => {
    const session = pageSession()
    const response = await session.get()
    expect(response.statusCode).toBe(200)
    expect(response.body).toContain('name="adminKey"')
    expect(response.body).not.toContain('name="request"')
    const csp = String(response.headers['content-security-policy'])
    expect(csp).toMatch(/^default-src 'self'; script-src 'nonce-[\w+/=]+'; /)
    expect(csp).toContain("frame-ancestors 'none'")
    expect(csp).toContain("base-uri 'none'")
    expect(csp).toContain("form-action 'self'")
    expect(response.headers['x-frame-options']).toBe('DENY')
    expect(response.headers['referrer-policy']).toBe('same-origin')
  })

  it('refuses a wrong admin key, and a try without a session', async () => {
    const session = pageSession()
    await session.get()
    const wrong = await session.post('/try/sign-in', { adminKey: 'not-the-key' })
    expect(wrong.statusCode).toBe(401)
    expect(wrong.body).toContain('That is not the admin API key.')
    expect(session.cookies.has('rampart_try_session')).toBe(false)
    const attempt = await session.post('/try', tryRequest({}))
    expect(attempt.statusCode).toBe(401)
    expect(attempt.body).not.toContain('Decision')
  })

  it('refuses a peer that typed too many wrong keys, even with the right one; other peers still sign in', async () => {
    const session = pageSession()
    await session.get()
    const signInFrom = (remoteAddress: string, adminKey: string) =>
      gateway.app.inject({
        method: 'POST',
        url: '/try/sign-in',
        remoteAddress,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          cookie: `rampart_try_csrf=${session.csrf}`,
          origin: 'http://localhost',
        },
        payload: new URLSearchParams({ csrf: session.csrf, adminKey }).toString(),
      })
    for (let i = 0; i < 10; i++) expect((await signInFrom('198.51.100.7', 'wrong')).statusCode).toBe(401)
    const refused = await signInFrom('198.51.100.7', gateway.config.adminApiKey)
    expect(refused.statusCode).toBe(429)
    expect(refused.body).toContain('Too many wrong keys')
    expect((await signInFrom('198.51.100.8', gateway.config.adminApiKey)).statusCode).toBe(303)
  })

  it('refuses a forged or expired session cookie', async () => {
    const session = pageSession()
    await session.get()
    session.cookies.set('rampart_try_session', `${Math.floor(Date.now() / 1000) + 60}.${'A'.repeat(43)}`)
    expect((await session.post('/try', tryRequest({}))).statusCode).toBe(401)
    session.cookies.set('rampart_try_session', '1.abc')
    expect((await session.post('/try', tryRequest({}))).statusCode).toBe(401)
  })

  it('sets the session cookie HttpOnly and SameSite=Strict on /try', async () => {
    const session = pageSession()
    await session.get()
    const response = await session.post('/try/sign-in', { adminKey: gateway.config.adminApiKey })
    const cookie = String(
      ([] as string[])
        .concat(response.headers['set-cookie'] ?? [])
        .find((c) => c.startsWith('rampart_try_session=')),
    )
    expect(cookie).toContain('HttpOnly')
    expect(cookie).toContain('SameSite=Strict')
    expect(cookie).toContain('Path=/try')
  })

  it('refuses a post without the CSRF token, with another one, or from another origin', async () => {
    const session = await signedIn()
    const missing = await gateway.app.inject({
      method: 'POST',
      url: '/try',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        cookie: [...session.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
      },
      payload: new URLSearchParams(tryRequest({})).toString(),
    })
    expect(missing.statusCode).toBe(403)
    expect(missing.body).not.toContain('Decision')
    expect((await session.post('/try', { ...tryRequest({}), csrf: 'forged' })).statusCode).toBe(403)
    const crossOrigin = await session.post('/try', tryRequest({}), { origin: 'https://evil.example' })
    expect(crossOrigin.statusCode).toBe(403)
    expect(
      (await session.post('/try/sign-in', { adminKey: 'x' }, { 'sec-fetch-site': 'cross-site' })).statusCode,
    ).toBe(403)
  })

  it('keeps one CSRF token across views, so a form in another tab still posts', async () => {
    const session = await signedIn()
    const first = session.csrf
    await session.get()
    expect(session.csrf).toBe(first)
    expect((await session.post('/try', tryRequest({}))).statusCode).toBe(200)
  })

  it('ends the session on sign-out', async () => {
    const session = await signedIn()
    expect((await session.post('/try/sign-out', {})).statusCode).toBe(303)
    expect(session.cookies.has('rampart_try_session')).toBe(false)
    expect((await session.get()).body).toContain('name="adminKey"')
  })
})

describe('the try-it page: decoding and deciding', () => {
  it("shows the display and the client's decision side by side, and signs and records nothing", async () => {
    const session = await signedIn()
    const before = await signingRequestCount(gateway)
    const response = await session.post('/try', tryRequest({}))
    expect(response.statusCode).toBe(200)
    expect(response.body).toContain('What would be signed')
    expect(response.body).toMatch(/<dt>Amount<\/dt><dd>160 USDT/)
    expect(response.body).toContain('<span class="verdict permit">Permit</span>')
    expect(response.body).toContain('<code>PERMITTED</code>')
    expect(response.body).toContain('<dt>Deciding policy</dt><dd><code>permit-erc20-transfers</code>')
    expect(response.body).toContain('<dt>Principal</dt><dd><code>analyst-key</code>')
    expect(await signingRequestCount(gateway)).toBe(before)
  })

  it('decides with pasted policies instead of the client’s, naming the deciding one', async () => {
    const session = await signedIn()
    const policies = [
      policy('no-usdt', 'forbid', [{ criterion: 'checkIntentType', args: ['erc20Transfer'] }]),
      policy('permit-all', 'permit', [{ criterion: 'checkAction', args: ['signTransaction'] }]),
    ]
    const response = await session.post('/try', tryRequest({ policies: JSON.stringify(policies) }))
    expect(response.statusCode).toBe(200)
    expect(response.body).toContain('<span class="verdict forbid">Forbid</span>')
    expect(response.body).toContain('<code>FORBIDDEN_BY_POLICY</code>')
    expect(response.body).toContain('<dt>Deciding policy</dt><dd><code>no-usdt</code>')
    expect(response.body).toContain('Criteria that held')
    expect(response.body).toContain('the client&#39;s entities, pasted policies')
  })

  it('says where pasted text stops being JSON (line and column) and where documents are invalid (JSON Pointer)', async () => {
    const session = await signedIn()
    const badJson = await session.post(
      '/try',
      tryRequest({ request: '{\n  "method": "eth_sendTransaction",\n  oops' }),
    )
    expect(badJson.statusCode).toBe(422)
    expect(badJson.body).toMatch(/JSON-RPC request at <code>line 3, column 3<\/code>/)
    const badPolicies = await session.post(
      '/try',
      tryRequest({ policies: '[{"id": "p", "then": "maybe", "when": []}]' }),
    )
    expect(badPolicies.statusCode).toBe(422)
    expect(badPolicies.body).toMatch(/Policies at <code>\/0\/then<\/code>/)
    const badEntities = await session.post('/try', tryRequest({ entities: '{"users": 3}' }))
    expect(badEntities.statusCode).toBe(422)
    expect(badEntities.body).toMatch(/Entities at <code>\/users<\/code>/)
    const notRpc = await session.post('/try', tryRequest({ request: '{"method": 1}' }))
    expect(notRpc.body).toContain('JSON-RPC request at <code>/method</code>: must be a string')
    expect(notRpc.body).toContain('JSON-RPC request at <code>/params</code>: must be an array')
  })

  it('refuses an unknown client, and an example that is not listed', async () => {
    const session = await signedIn()
    const unknown = await session.post('/try', tryRequest({ clientId: 'no-such-client' }))
    expect(unknown.statusCode).toBe(422)
    expect(unknown.body).toContain('No client has this id.')
    const example = await session.post('/try', {
      action: 'load',
      clientId: client.clientId,
      fixture: '../entities',
    })
    expect(example.statusCode).toBe(422)
  })

  it('loads an example from fixtures/requests into the form', async () => {
    const session = await signedIn()
    const response = await session.post('/try', {
      action: 'load',
      clientId: client.clientId,
      fixture: 'erc20-transfer-usdt',
      request: '',
    })
    expect(response.statusCode).toBe(200)
    expect(response.body).toContain('&quot;method&quot;: &quot;eth_sendTransaction&quot;')
    expect(response.body).toContain('<option value="erc20-transfer-usdt" selected>')
  })

  it('renders a hostile token symbol and typed-data string as inert text, with the bidi override shown', async () => {
    const session = await signedIn()
    const symbol = await session.post('/try', tryRequest({ clientId: hostile.clientId }))
    expect(symbol.statusCode).toBe(200)
    const message = await session.post('/try', tryRequest({ request: JSON.stringify(hostileTypedData) }))
    expect(message.statusCode).toBe(200)
    // The message the author pasted goes back in the form exactly (escaped, its override kept); what the page shows
    // of it is revealed.
    expect(/<textarea id="request"[^>]*>([^<]*)</.exec(message.body)?.[1]).toContain(
      `&lt;script&gt;window.__pwned = 1&lt;/script&gt;&lt;a href=\\\\\\&quot;javascript:window.__pwned=2\\\\\\&quot;&gt;x&lt;/a&gt;\u202eDSU`,
    )
    for (const page of [symbol.body, message.body]) {
      const body = page.slice(0, page.indexOf('<h2>Try another</h2>'))
      expect(body).toContain('&lt;script&gt;window.__pwned = 1&lt;/script&gt;')
      expect(body).toContain('⟨U+202E⟩DSU')
      expect(body).not.toContain('<script>window')
      expect(body).not.toContain('\u202e')
      expect(body).not.toMatch(/href="javascript:/i)
    }
  })
})
