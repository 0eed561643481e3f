import { emptyEntities } from '@rampart/entities'
import { beforeAll, describe, expect, it } from 'vitest'
import { passkeysPageScript } from '../src/passkeys/passkeyPage'
import { continueGrant, openPage, startGrant, submitForm } from './grantsFlow'
import { SoftPasskey } from './support/softPasskey'
import { createTestConnection, registerTestClient, type TestClient } from './support/testGateway'
import { useTestGateway } from './support/useTestGateway'

const origin = 'http://localhost'
const gateway = useTestGateway()
const ceo = new SoftPasskey(origin)
const intern = new SoftPasskey(origin)
let client: TestClient

beforeAll(async () => {
  const entities = {
    ...emptyEntities(),
    users: [
      { id: 'ceo', role: 'admin' },
      { id: 'intern', role: 'member' },
    ],
    credentials: [ceo.credential('ceo-passkey', 'ceo'), intern.credential('intern-passkey', 'intern')],
  }
  client = await registerTestClient(gateway, ['ES256K'], { entities })
})

async function grantForCeo() {
  const connectionId = (await createTestConnection(gateway, client)).connectionId
  const started = await startGrant(gateway, client, {
    user: { id: 'ceo' },
    access_token: { access: [{ type: 'connection', actions: ['wallets:read'] }] },
  })
  const { page, form } = await openPage(gateway, started.pagePath)
  const csrfToken = form.csrf ?? ''
  const passkeyOptions = (headers: Record<string, string> = {}) =>
    gateway.app.inject({
      method: 'POST',
      url: `${started.pagePath}/passkey-options`,
      headers: {
        'content-type': 'application/json',
        origin,
        'x-csrf-token': csrfToken,
        ...(form.cookie ? { cookie: form.cookie } : {}),
        ...headers,
      },
      payload: '{}',
    })
  const submit = (passkey: unknown) =>
    submitForm(gateway, started.pagePath, {
      ...form,
      decision: 'approve',
      connections: [connectionId],
      passkey: JSON.stringify(passkey),
    })
  return { started, page, passkeyOptions, submit }
}

describe('approving a grant that names a user, with their passkey', () => {
  it("offers the user's passkey and approves with an assertion over this grant", async () => {
    const { page, passkeyOptions, submit, started } = await grantForCeo()
    expect(page.body).toContain('Approve with passkey')
    // The one script is the gateway's own passkeys bundle, allowed by the response's nonce.
    const nonce = /script-src 'nonce-([^']+)'/.exec(String(page.headers['content-security-policy']))?.[1]
    expect(page.body).toContain(`<script defer nonce="${nonce}" src="${passkeysPageScript.path}"></script>`)
    const answer = await passkeyOptions()
    expect(answer.statusCode, answer.body).toBe(200)
    const { options } = answer.json()
    expect(options.allowCredentials).toEqual([expect.objectContaining({ id: ceo.credentialId })])
    expect(options.userVerification).toBe('required')
    const approved = await submit(ceo.assert(options.challenge))
    expect(approved.statusCode, approved.body).toBe(303)
    const continued = await continueGrant(
      gateway,
      client,
      started.continuation,
      new URL(String(approved.headers.location)).searchParams.get('interact_ref') ?? '',
    )
    expect(continued.statusCode, continued.body).toBe(201)
  })

  it("refuses another user's passkey, another grant's challenge and options asked without the page's token", async () => {
    const first = await grantForCeo()
    const second = await grantForCeo()
    const { options } = (await first.passkeyOptions()).json()
    const otherUser = await first.submit(intern.assert(options.challenge))
    expect(otherUser.statusCode).toBe(422)
    expect(otherUser.body).toContain('Not approved: the passkey')
    const { options: firstAgain } = (await first.passkeyOptions()).json()
    const crossGrant = await second.submit(ceo.assert(firstAgain.challenge))
    expect(crossGrant.statusCode).toBe(422)
    expect(crossGrant.body).toContain('Not approved: the passkey')
    expect((await first.passkeyOptions({ 'x-csrf-token': 'forged' })).json().code).toBe('PAGE_POST_REFUSED')
    expect((await first.passkeyOptions({ origin: 'http://evil.example' })).json().code).toBe(
      'PAGE_POST_REFUSED',
    )
    const continued = await continueGrant(gateway, client, second.started.continuation, 'rampart-ir-none')
    expect(continued.json().code).toBe('GRANT_PENDING')
  })
})
