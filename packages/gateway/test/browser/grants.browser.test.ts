import { createHash, randomUUID } from 'node:crypto'
import { statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { httpClient, startFinishServer } from '../grantsHttp'
import { launchChromium } from '../support/launchChromium'
import {
  createTestConnection,
  registerTestClient,
  startTestGateway,
  type TestClient,
  type TestGateway,
} from '../support/testGateway'

let gateway: TestGateway
let browser: Browser
let base: string
let finish: Awaited<ReturnType<typeof startFinishServer>>
let client: TestClient
let treasury: string
let operations: string

beforeAll(async () => {
  gateway = await startTestGateway()
  base = await gateway.app.listen({ host: '127.0.0.1', port: 0 })
  finish = await startFinishServer()
  client = await registerTestClient(gateway)
  treasury = (await createTestConnection(gateway, client, { label: 'Treasury' })).connectionId
  operations = (await createTestConnection(gateway, client, { label: 'Operations <ops>' })).connectionId
  browser = await launchChromium()
})
afterAll(async () => {
  await browser?.close()
  await finish?.close()
  await gateway?.close()
})

describe('the grant interaction page in headless Chromium', () => {
  it('lets the user pick a connection and approve; the browser lands on the finish uri with a valid hash', async () => {
    const call = httpClient(base, client)
    const nonce = `browser-${randomUUID()}`
    const grant = await call('POST', '/v1/grant', {
      body: {
        client: client.clientId,
        access_token: {
          label: 'Trading desk',
          access: [{ type: 'connection', actions: ['wallets:read', 'evm:sign'] }],
        },
        user: undefined,
        interact: { start: ['redirect'], finish: { method: 'redirect', uri: finish.uri, nonce } },
        capabilities: ['evm'],
      },
    })
    expect(grant.status, JSON.stringify(grant.body)).toBe(201)

    const page = await browser.newPage({ viewport: { width: 900, height: 900 } })
    const consoleErrors: string[] = []
    const foreign: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text())
    })
    page.on('request', (request) => {
      const url = request.url()
      if (!url.startsWith(base) && !url.startsWith(finish.uri)) foreign.push(url)
    })

    const response = await page.goto(grant.body.interact.redirect)
    expect(response?.status()).toBe(200)
    await expect(page.locator('h1').textContent()).resolves.toContain('asks for access')
    await expect(page.locator('main').textContent()).resolves.toContain('Operations <ops>')
    await page.locator(`input[name="connection"][value="${treasury}"]`).check()

    const screenshot = join(tmpdir(), `rampart-grant-interaction-${process.pid}.png`)
    await page.screenshot({ path: screenshot, fullPage: true })
    expect(statSync(screenshot).size).toBeGreaterThan(10_000)
    process.stdout.write(`grant interaction screenshot: ${screenshot}\n`)

    await Promise.all([
      page.waitForURL((url) => url.href.startsWith(`${finish.uri}?`)),
      page.locator('button.approve').click(),
    ])
    await expect(page.locator('h1').textContent()).resolves.toBe('Connected')

    const landed = new URL(page.url())
    const interactRef = landed.searchParams.get('interact_ref') ?? ''
    const expected = createHash('sha256')
      .update([nonce, grant.body.interact.finish, interactRef, `${base}/v1/grant`].join('\n'))
      .digest('base64url')
    expect(landed.searchParams.get('hash')).toBe(expected)

    const continued = await call('POST', '/v1/continue', {
      body: { interact_ref: interactRef },
      token: grant.body.continue.access_token.value,
    })
    expect(continued.status, JSON.stringify(continued.body)).toBe(201)
    expect(
      continued.body.access_token.access.map((right: { identifier: string }) => right.identifier),
    ).toEqual([treasury])
    expect(consoleErrors).toEqual([])
    expect(foreign).toEqual([])
    expect(operations).not.toBe(treasury)
  })
})
