import { createHash, randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { httpClient, startFinishServer, startLoggedGateway } from './grantsHttp'
import {
  createTestConnection,
  registerTestClient,
  type TestClient,
  type TestGateway,
} from './support/testGateway'

let gateway: TestGateway
let base: string
let logs: () => string
let finish: Awaited<ReturnType<typeof startFinishServer>>
let client: TestClient
let connectionId: string

beforeAll(async () => {
  ;({ gateway, base, logs } = await startLoggedGateway())
  finish = await startFinishServer()
  client = await registerTestClient(gateway)
  connectionId = (await createTestConnection(gateway, client, { label: 'Main vault' })).connectionId
})
afterAll(async () => {
  await finish?.close()
  await gateway?.close()
})

describe('the grant flow over real HTTP', () => {
  it('grants, approves through the page, continues, uses, rotates and revokes a token, and logs no secret', async () => {
    const call = httpClient(base, client)
    const nonce = `nonce-${randomUUID()}`
    const grant = await call('POST', '/v1/grant', {
      body: {
        client: client.clientId,
        providers: 'production',
        networks: 'evm',
        access_token: { label: 'Dashboard', access: [{ type: 'connection', actions: ['wallets:read'] }] },
        interact: { start: ['redirect'], finish: { method: 'redirect', uri: finish.uri, nonce } },
        capabilities: ['evm'],
      },
    })
    expect(grant.status, JSON.stringify(grant.body)).toBe(201)
    expect(grant.body.interact.redirect.startsWith(`${base}/v1/grant/interact/`)).toBe(true)

    // The user's browser: the page, then the form post with its cookie, then the redirect to the client.
    const page = await fetch(grant.body.interact.redirect)
    expect(page.status).toBe(200)
    const html = await page.text()
    const csrf = /name="csrf" value="([^"]+)"/.exec(html)?.[1] ?? ''
    const cookie = (page.headers.get('set-cookie') ?? '').split(';')[0] ?? ''
    const form = new URLSearchParams({ csrf, decision: 'approve', connection: connectionId })
    const posted = await fetch(grant.body.interact.redirect, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie, origin: base },
      body: form.toString(),
    })
    expect(posted.status).toBe(303)
    await fetch(posted.headers.get('location') ?? '')
    const landed = finish.received.at(-1)
    const interactRef = landed?.searchParams.get('interact_ref') ?? ''
    const expected = createHash('sha256')
      .update([nonce, grant.body.interact.finish, interactRef, `${base}/v1/grant`].join('\n'))
      .digest('base64url')
    expect(landed?.searchParams.get('hash')).toBe(expected)

    const continued = await call('POST', '/v1/continue', {
      body: { interact_ref: interactRef },
      token: grant.body.continue.access_token.value,
    })
    expect(continued.status, JSON.stringify(continued.body)).toBe(201)
    const token = continued.body.access_token
    expect(token.access).toEqual([
      { type: 'connection', actions: ['wallets:read'], locations: [connectionId], identifier: connectionId },
    ])

    const wallets = await call('GET', '/v1/provider/wallets', {
      token: token.value,
      headers: { 'x-connection-id': connectionId },
    })
    expect(wallets.status).toBe(200)
    expect(wallets.body.data[0].connectionId).toBe(connectionId)

    const managePath = new URL(token.manage.uri).pathname
    const rotated = await call('POST', managePath, { token: token.manage.access_token.value })
    expect(rotated.status).toBe(200)
    const next = rotated.body.access_token
    expect(
      (
        await call('GET', '/v1/provider/wallets', {
          token: token.value,
          headers: { 'x-connection-id': connectionId },
        })
      ).status,
    ).toBe(401)
    const revoked = await call('DELETE', managePath, { token: next.manage.access_token.value })
    expect(revoked.status).toBe(204)
    const after = await call('GET', '/v1/provider/wallets', {
      token: next.value,
      headers: { 'x-connection-id': connectionId },
    })
    expect(after.body.code).toBe('GRANT_TOKEN_REVOKED')

    const logged = logs()
    expect(logged).toContain('/v1/continue')
    const interactionId = new URL(grant.body.interact.redirect).pathname.split('/').pop() ?? ''
    for (const secret of [
      grant.body.continue.access_token.value,
      interactionId,
      interactRef,
      token.value,
      token.manage.access_token.value,
      next.value,
      next.manage.access_token.value,
      csrf,
    ]) {
      expect(logged).not.toContain(secret)
    }
  })
})
