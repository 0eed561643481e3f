import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { passkeysPageScript } from '../src/passkeys/passkeyPage'
import { passkeyChallenges } from '../src/passkeys/passkeysSchema'
import { signApproval } from '../src/signing/pipeline/approvalToken'
import { signRejection } from '../src/signing/pipeline/rejectRequest'
import { ONE_ETH, permitLargeWithTwoApprovers, policy } from './support/signingClient'
import { SoftPasskey } from './support/softPasskey'
import { useSigningGateway } from './support/useTestGateway'

const origin = 'http://localhost'
const recipient = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
let sequence = 0

const setup = useSigningGateway({
  policies: [
    policy('permit-small', 'permit', [
      { criterion: 'checkAction', args: ['signTransaction'] },
      { criterion: 'checkIntentAmount', args: { operator: 'lte', value: ONE_ETH } },
    ]),
    permitLargeWithTwoApprovers,
  ],
})

const inject = (method: 'GET' | 'POST', url: string, body?: unknown, headers: Record<string, string> = {}) =>
  setup.gateway.app.inject({
    method,
    url,
    headers: { origin, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  })

async function enrol(userId: string, passkey: SoftPasskey) {
  const link = await setup.gateway.app.inject({
    method: 'POST',
    url: `/v1/admin/clients/${setup.client.clientId}/passkey-enrolments`,
    headers: { 'x-api-key': setup.gateway.config.adminApiKey, 'content-type': 'application/json' },
    payload: JSON.stringify({ userId }),
  })
  expect(link.statusCode, link.body).toBe(201)
  const token = new URL(link.json().data.url).hash.slice(1)
  const { options } = (await inject('POST', '/v1/passkeys/enrol/options', { token })).json()
  const done = await inject('POST', '/v1/passkeys/enrol', { token, response: passkey.register(options) })
  expect(done.statusCode, done.body).toBe(200)
  return token
}

/** Signs in with the passkey and returns the session cookie and the page's CSRF token. */
async function signIn(passkey: SoftPasskey) {
  const base = `/v1/approvals/${setup.client.clientId}`
  const { options } = (await inject('POST', `${base}/session/options`, {})).json()
  const session = await inject('POST', `${base}/session`, { response: passkey.assert(options.challenge) })
  expect(session.statusCode, session.body).toBe(200)
  const setCookie = String(session.headers['set-cookie'])
  expect(setCookie).toMatch(/HttpOnly/)
  expect(setCookie).toMatch(/SameSite=Strict/)
  const cookie = setCookie.split(';')[0]!
  const page = await inject('GET', base, undefined, { cookie })
  const csrf = /name="csrf-token" content="([^"]+)"/.exec(page.body)?.[1] ?? ''
  return { cookie, csrf, page }
}

async function pendingTransaction() {
  const created = await setup.call('POST', '/v1/provider/evm/send-transaction', {
    transactionRequest: { chainId: 1, to: recipient, value: '5000000000000000000', nonce: 40 + sequence },
    source: { type: 'account', id: setup.accounts.ETHEREUM },
    idempotenceId: `passkeys-${++sequence}-${Date.now()}`,
  })
  expect(created.json().data.status).toBe('pending_approval')
  return created.json().data.requestId as string
}

describe('passkey approvals', () => {
  const bob = new SoftPasskey(origin)
  let session: Awaited<ReturnType<typeof signIn>> & { session: Record<string, string> }
  const path = (requestId: string) =>
    `/v1/approvals/${setup.client.clientId}/requests/evm.sendTransaction/${requestId}`
  const challengeFor = async (requestId: string, decision = 'approve') => {
    const answer = await inject('POST', `${path(requestId)}/options`, { decision }, session.session)
    expect(answer.statusCode, answer.body).toBe(200)
    return answer.json().options.challenge as string
  }
  const decide = (requestId: string, response: unknown, decision = 'approve', reason?: string) =>
    inject('POST', `${path(requestId)}/${decision}`, { response, reason }, session.session)

  it('enrols a passkey once through its link, into the client entities', async () => {
    const token = await enrol('bob', bob)
    const again = await inject('POST', '/v1/passkeys/enrol/options', { token })
    expect(again.statusCode).toBe(422)
    expect(again.json().code).toBe('ENROLMENT_INVALID')
    const client = await setup.gateway.app.inject({
      method: 'GET',
      url: `/v1/admin/clients/${setup.client.clientId}`,
      headers: { 'x-api-key': setup.gateway.config.adminApiKey },
    })
    const passkey = client
      .json()
      .data.entities.credentials.find(
        (credential: { userId: string; webauthn?: unknown }) => credential.webauthn,
      )
    expect(passkey).toMatchObject({
      userId: 'bob',
      key: { kty: 'EC', crv: 'P-256' },
      webauthn: { credentialId: bob.credentialId },
    })
    const signedIn = await signIn(bob)
    session = { ...signedIn, session: { cookie: signedIn.cookie, 'x-csrf-token': signedIn.csrf } }
    expect(signedIn.page.body).toContain('Requests waiting for approval')
  })

  it('approves with an assertion over this request, once; a replayed, cross-request, cross-origin, stale or unverified one is refused', async () => {
    const first = await pendingTransaction()
    const second = await pendingTransaction()

    const approved = await decide(first, bob.assert(await challengeFor(first)))
    expect(approved.statusCode, approved.body).toBe(200)
    expect(approved.json().status).toBe('pending_approval')

    const challenge = await challengeFor(first)
    const assertion = bob.assert(challenge)
    expect((await decide(first, assertion)).statusCode).toBe(200)
    const replayed = await decide(first, assertion)
    expect(replayed.statusCode).toBe(422)
    expect(replayed.json().code).toBe('PASSKEY_INVALID')

    const crossRequest = await decide(second, bob.assert(await challengeFor(first)))
    expect(crossRequest.json().code).toBe('PASSKEY_INVALID')
    const crossDecision = await decide(second, bob.assert(await challengeFor(second, 'reject')))
    expect(crossDecision.json().code).toBe('PASSKEY_INVALID')
    const crossOrigin = await decide(
      second,
      bob.assert(await challengeFor(second), { origin: 'http://evil.example' }),
    )
    expect(crossOrigin.json().code).toBe('PASSKEY_INVALID')
    const unverified = await decide(second, bob.assert(await challengeFor(second), { flags: 0x01 }))
    expect(unverified.json().code).toBe('PASSKEY_INVALID')
    const lagging = await decide(second, bob.assert(await challengeFor(second), { counter: 1 }))
    expect(lagging.json().code).toBe('PASSKEY_INVALID')
    const staleChallenge = await challengeFor(second)
    await setup.gateway.database.db
      .update(passkeyChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passkeyChallenges.challenge, staleChallenge))
    const stale = await decide(second, bob.assert(staleChallenge))
    expect(stale.json().code).toBe('PASSKEY_INVALID')

    const read = await setup.call('GET', `/v1/provider/evm/send-transaction/${second}`)
    expect(read.json().data).toMatchObject({ status: 'pending_approval', approvals: [] })
    const firstRead = await setup.call('GET', `/v1/provider/evm/send-transaction/${first}`)
    expect(firstRead.json().data.approvals).toEqual([expect.objectContaining({ userId: 'bob' })])

    // Bob by passkey and Carol by JWS: two approvers, so the request is signed.
    const carol = await signApproval(setup.approvers.carol!.privateJwk, {
      clientId: setup.client.clientId,
      kind: 'evm.sendTransaction',
      requestId: first,
    })
    const signed = await setup.call('POST', `/v1/provider/evm/send-transaction/${first}/approve`, {
      approval: carol,
    })
    expect(signed.json().data.status).toBe('signed')
  })

  it('serves the enrolment, sign-in and not-found pages on the shared shell: strict CSP, no framing, the bundled script', async () => {
    const pages = await Promise.all(
      ['/v1/passkeys/enrol', `/v1/approvals/${setup.client.clientId}`, '/v1/approvals/no-such-client'].map(
        (url) => inject('GET', url),
      ),
    )
    expect(pages.map((page) => page.statusCode)).toEqual([200, 200, 404])
    for (const page of pages) {
      const csp = String(page.headers['content-security-policy'])
      expect(csp).toMatch(/^default-src 'self'; script-src 'nonce-[\w+/=]+'; style-src 'self';/)
      expect(csp).toContain("frame-ancestors 'none'")
      expect(page.headers['x-frame-options']).toBe('DENY')
      expect(page.headers['cache-control']).toBe('no-store')
      expect(page.body).not.toMatch(/<style|style="/)
    }
    const [enrolPage, signInPage] = pages
    for (const page of [enrolPage!, signInPage!]) {
      const nonce = /'nonce-([^']+)'/.exec(String(page.headers['content-security-policy']))?.[1]
      expect(page.body).toContain(`<script defer nonce="${nonce}" src="${passkeysPageScript.path}"></script>`)
      expect(page.body).toContain('<p id="status" role="status" aria-live="polite"></p>')
    }
    const script = await inject('GET', passkeysPageScript.path)
    expect(script.statusCode).toBe(200)
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8')
    expect(script.body).toContain('startAuthentication')
    expect((await inject('GET', '/v1/passkeys/passkeys.js')).statusCode).toBe(404)
  })

  it('refuses posts without the session, its CSRF token or the gateway origin', async () => {
    const requestId = await pendingTransaction()
    const noCsrf = await inject(
      'POST',
      `${path(requestId)}/options`,
      { decision: 'approve' },
      { cookie: session.cookie },
    )
    expect(noCsrf.json().code).toBe('PAGE_POST_REFUSED')
    const noSession = await inject(
      'POST',
      `${path(requestId)}/options`,
      { decision: 'approve' },
      { 'x-csrf-token': session.csrf },
    )
    expect(noSession.json().code).toBe('APPROVER_SESSION_REQUIRED')
    const otherOrigin = await inject(
      'POST',
      `${path(requestId)}/options`,
      { decision: 'approve' },
      { ...session.session, origin: 'http://evil.example' },
    )
    expect(otherOrigin.json().code).toBe('PAGE_POST_REFUSED')
    const otherSite = await inject(
      'POST',
      `${path(requestId)}/options`,
      { decision: 'approve' },
      { ...session.session, 'sec-fetch-site': 'cross-site' },
    )
    expect(otherSite.json().code).toBe('PAGE_POST_REFUSED')
  })

  it('rejects with a reason by passkey, or by a JWS through the API; a rejected request is never approved', async () => {
    const byPasskey = await pendingTransaction()
    const noReason = await decide(
      byPasskey,
      bob.assert(await challengeFor(byPasskey, 'reject')),
      'reject',
      ' ',
    )
    expect(noReason.json().code).toBe('REJECTION_INVALID')
    const rejected = await decide(
      byPasskey,
      bob.assert(await challengeFor(byPasskey, 'reject')),
      'reject',
      'Unknown payee',
    )
    expect(rejected.statusCode, rejected.body).toBe(200)
    const read = await setup.call('GET', `/v1/provider/evm/send-transaction/${byPasskey}`)
    expect(read.json().data).toMatchObject({
      status: 'rejected',
      failure: { code: 'REQUEST_REJECTED', message: 'Rejected by bob: Unknown payee' },
    })
    const late = await signApproval(setup.approvers.carol!.privateJwk, {
      clientId: setup.client.clientId,
      kind: 'evm.sendTransaction',
      requestId: byPasskey,
    })
    const after = await setup.call('POST', `/v1/provider/evm/send-transaction/${byPasskey}/approve`, {
      approval: late,
    })
    expect(after.json().code).toBe('NOT_PENDING_APPROVAL')

    const byJws = await pendingTransaction()
    const rejection = await signRejection(setup.approvers.carol!.privateJwk, {
      clientId: setup.client.clientId,
      kind: 'evm.sendTransaction',
      requestId: byJws,
      reason: 'Over budget',
    })
    const wrong = await signRejection(setup.approvers.carol!.privateJwk, {
      clientId: setup.client.clientId,
      kind: 'evm.sendTransaction',
      requestId: byPasskey,
      reason: 'Over budget',
    })
    expect(
      (
        await setup.call('POST', `/v1/provider/evm/send-transaction/${byJws}/reject`, { rejection: wrong })
      ).json().code,
    ).toBe('REJECTION_INVALID')
    const answer = await setup.call('POST', `/v1/provider/evm/send-transaction/${byJws}/reject`, {
      rejection,
    })
    expect(answer.statusCode, answer.body).toBe(200)
    expect(answer.json().data).toMatchObject({
      status: 'rejected',
      failure: { message: 'Rejected by carol: Over budget' },
    })
  })
})
