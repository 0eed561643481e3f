import { mkdirSync, statSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { Browser, Page } from 'playwright-core'
import { encodeFunctionData, erc20Abi } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { httpClient, startFinishServer } from '../grantsHttp'
import { launchChromium } from '../support/launchChromium'
import { policy, type SigningSetup, startSigningGateway } from '../support/signingClient'

// Screenshots of the pages, committed and shown in the README.
const screenshots = fileURLToPath(new URL('../../../../docs/screenshots/', import.meta.url))
const recipient = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
// A token whose symbol and a typed-data message try markup, a javascript: URL and a right-to-left override.
const hostileToken = '0x1111111111111111111111111111111111111111'
const hostileSymbol = '<img src=x onerror=alert(1)>\u202EDSU'
const hostileText = '<script>alert("pwned")</script> javascript:alert(1)'

let setup: SigningSetup
let browser: Browser
let page: Page
let base: string
let finish: Awaited<ReturnType<typeof startFinishServer>>
const dialogs: string[] = []
const consoleErrors: string[] = []
const foreign: string[] = []
const failedResponses: string[] = []
let sequence = 0

beforeAll(async () => {
  setup = await startSigningGateway({
    policies: [
      policy('permit-with-one-approver', 'permit', [
        { criterion: 'checkAction', args: ['signTransaction', 'signTypedData'] },
        {
          criterion: 'checkApprovals',
          args: [
            {
              approvalCount: 1,
              approvalEntityType: 'userGroup',
              entityIds: ['approvers'],
              countPrincipal: false,
            },
          ],
        },
      ]),
    ],
  })
  const admin = (method: 'GET' | 'PATCH' | 'POST', url: string, body?: unknown) =>
    setup.gateway.app.inject({
      method,
      url,
      headers: { 'x-api-key': setup.gateway.config.adminApiKey, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    })
  const entities = setup.entities as { tokens: unknown[] }
  const patched = await admin('PATCH', `/v1/admin/clients/${setup.client.clientId}`, {
    entities: {
      ...entities,
      tokens: [
        ...entities.tokens,
        {
          id: `eip155:1/erc20:${hostileToken}`,
          address: hostileToken,
          symbol: hostileSymbol,
          chainId: 1,
          decimals: 6,
        },
      ],
    },
  })
  expect(patched.statusCode, patched.body).toBe(200)
  // localhost, not 127.0.0.1: WebAuthn refuses an IP address as the relying party id.
  const address = await setup.gateway.app.listen({ host: 'localhost', port: 0 })
  base = `http://localhost:${new URL(address).port}`
  finish = await startFinishServer()
  mkdirSync(screenshots, { recursive: true })
  browser = await launchChromium()
  page = await browser.newPage({ viewport: { width: 900, height: 1000 } })
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message())
    void dialog.dismiss()
  })
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text())
  })
  page.on('response', (response) => {
    if (response.status() >= 400) failedResponses.push(`${response.status()} ${response.url()}`)
  })
  page.on('request', (request) => {
    const url = request.url()
    if (!url.startsWith(base) && !url.startsWith(finish.uri)) foreign.push(url)
  })
  // A platform authenticator that verifies its user, through the DevTools protocol.
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('WebAuthn.enable')
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  })
})
afterAll(async () => {
  await browser?.close()
  await finish?.close()
  await setup?.gateway.close()
})

async function shoot(name: string) {
  const path = `${screenshots}${name}.png`
  await page.screenshot({ path, fullPage: true })
  expect(statSync(path).size).toBeGreaterThan(10_000)
}

async function pending(path: string, body: Record<string, unknown>) {
  const created = await setup.call('POST', path, {
    ...body,
    source: { type: 'account', id: setup.accounts.ETHEREUM },
    idempotenceId: `browser-${++sequence}-${Date.now()}`,
  })
  expect(created.statusCode, created.body).toBe(201)
  expect(created.json().data.status).toBe('pending_approval')
  return created.json().data.requestId as string
}

const statusOf = async (path: string, requestId: string) =>
  (await setup.call('GET', `${path}/${requestId}`)).json().data

describe('passkeys in headless Chromium (CDP virtual authenticator)', () => {
  let ethTransfer: string
  let hostileTransfer: string
  let hostileTypedData: string

  it('enrols a passkey for bob through a one-time link', async () => {
    const link = await setup.gateway.app.inject({
      method: 'POST',
      url: `/v1/admin/clients/${setup.client.clientId}/passkey-enrolments`,
      headers: { 'x-api-key': setup.gateway.config.adminApiKey, 'content-type': 'application/json' },
      payload: JSON.stringify({ userId: 'bob' }),
    })
    expect(link.statusCode, link.body).toBe(201)
    const url = new URL(link.json().data.url)
    await page.goto(`${base}${url.pathname}${url.hash}`)
    await page.getByRole('button', { name: 'Register a passkey' }).click()
    await page.locator('#status', { hasText: 'registered' }).waitFor()
    await shoot('passkey-enrolment')
    const client = await setup.gateway.app.inject({
      method: 'GET',
      url: `/v1/admin/clients/${setup.client.clientId}`,
      headers: { 'x-api-key': setup.gateway.config.adminApiKey },
    })
    const credentials = client.json().data.entities.credentials as { userId: string; webauthn?: unknown }[]
    expect(credentials.filter((credential) => credential.webauthn)).toEqual([
      expect.objectContaining({ userId: 'bob', key: expect.objectContaining({ crv: 'P-256' }) }),
    ])
  })

  it('signs bob in and lists the waiting requests with their display, hostile values as inert text', async () => {
    ethTransfer = await pending('/v1/provider/evm/send-transaction', {
      transactionRequest: { chainId: 1, to: recipient, value: '1500000000000000000', nonce: 7 },
    })
    hostileTransfer = await pending('/v1/provider/evm/send-transaction', {
      transactionRequest: {
        chainId: 1,
        to: hostileToken,
        nonce: 8,
        gasLimit: '100000',
        data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [recipient, 2_500_000n] }),
      },
    })
    hostileTypedData = await pending('/v1/provider/evm/sign-typed-data', {
      data: {
        domain: { name: hostileText, version: '1', chainId: 1 },
        types: {
          EIP712Domain: [
            { name: 'name', type: 'string' },
            { name: 'version', type: 'string' },
            { name: 'chainId', type: 'uint256' },
          ],
          Note: [{ name: 'text', type: 'string' }],
        },
        primaryType: 'Note',
        message: { text: `\u202E${hostileText}` },
      },
    })
    await page.goto(`${base}/v1/approvals/${setup.client.clientId}`)
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click()
    await page.waitForSelector('h1:text("Requests waiting for approval")')
    const main = (await page.locator('main').textContent()) ?? ''
    expect(main).toContain('signed in as bob')
    expect(main).toContain(ethTransfer)
    expect(main).toContain('permit-with-one-approver')
    expect(main).toContain('1 missing')
    // Newest first.
    expect(main.indexOf(hostileTypedData)).toBeLessThan(main.indexOf(ethTransfer))
    // The hostile strings are text on the page: no element made of them, no script run, the override shown.
    expect(main).toContain('<script>alert("pwned")</script>')
    expect(main).toContain('⟨U+202E⟩')
    expect(await page.locator('main img, main script, main a[href^="javascript"]').count()).toBe(0)
    expect(await page.locator('script').count()).toBe(1)
    expect(dialogs).toEqual([])
    await shoot('approvals-page')
  })

  it('approves the ETH transfer with the passkey until it is signed', async () => {
    const article = page.locator('article', { hasText: ethTransfer })
    await article.getByRole('button', { name: 'Approve with passkey' }).click()
    await page.locator('#status', { hasText: `approval of ${ethTransfer}` }).waitFor()
    await expect(page.locator('#status').textContent()).resolves.toContain('now signed')
    const record = await statusOf('/v1/provider/evm/send-transaction', ethTransfer)
    expect(record.status).toBe('signed')
    expect(record.approvals).toEqual([expect.objectContaining({ userId: 'bob' })])
    await shoot('approvals-approved')
  })

  it('rejects the hostile token transfer with a reason', async () => {
    const article = page.locator('article', { hasText: hostileTransfer })
    await article.getByLabel('Reason, if you reject').fill('Unknown token with a suspicious symbol')
    await article.getByRole('button', { name: 'Reject' }).click()
    await page.locator('#status', { hasText: `rejected ${hostileTransfer}` }).waitFor()
    const record = await statusOf('/v1/provider/evm/send-transaction', hostileTransfer)
    expect(record).toMatchObject({
      status: 'rejected',
      failure: { message: 'Rejected by bob: Unknown token with a suspicious symbol' },
    })
    expect(await page.locator('article', { hasText: hostileTransfer }).count()).toBe(0)
  })

  it("approves a grant for bob with bob's passkey", async () => {
    const call = httpClient(base, setup.client)
    const grant = await call('POST', '/v1/grant', {
      body: {
        client: setup.client.clientId,
        user: { id: 'bob' },
        access_token: { label: 'Treasury bot', access: [{ type: 'connection', actions: ['wallets:read'] }] },
        interact: {
          start: ['redirect'],
          finish: { method: 'redirect', uri: finish.uri, nonce: `n-${Date.now()}` },
        },
      },
    })
    expect(grant.status, JSON.stringify(grant.body)).toBe(201)
    const redirect = new URL(grant.body.interact.redirect)
    await page.goto(`${base}${redirect.pathname}`)
    await page.locator(`input[name="connection"][value="${setup.connectionId}"]`).check()
    await shoot('grant-passkey')
    await Promise.all([
      page.waitForURL((url) => url.href.startsWith(`${finish.uri}?`)),
      page.getByRole('button', { name: 'Approve with passkey' }).click(),
    ])
    const interactRef = new URL(page.url()).searchParams.get('interact_ref') ?? ''
    const continued = await call('POST', '/v1/continue', {
      body: { interact_ref: interactRef },
      token: grant.body.continue.access_token.value,
    })
    expect(continued.status, JSON.stringify(continued.body)).toBe(201)
    expect(failedResponses).toEqual([])
    expect(consoleErrors).toEqual([])
    expect(foreign).toEqual([])
    expect(dialogs).toEqual([])
    expect(hostileTypedData).toBeTruthy()
  })
})
