import { statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchChromium } from '../support/launchChromium'
import { startTestGateway, type TestGateway } from '../support/testGateway'

let gateway: TestGateway
let browser: Browser
let base: string

beforeAll(async () => {
  gateway = await startTestGateway()
  base = await gateway.app.listen({ host: '127.0.0.1', port: 0 })
  browser = await launchChromium()
})
afterAll(async () => {
  await browser?.close()
  await gateway?.close()
})

describe('/docs in headless Chromium', () => {
  it('renders the API reference from the gateway alone, with every operation listed', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 2000 } })
    const foreign: string[] = []
    const failed: string[] = []
    const consoleErrors: string[] = []
    page.on('request', (request) => {
      if (!request.url().startsWith(base) && !request.url().startsWith('data:')) foreign.push(request.url())
    })
    page.on('requestfailed', (request) => failed.push(request.url()))
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text())
    })

    const response = await page.goto(`${base}/docs`, { waitUntil: 'networkidle' })
    expect(response?.status()).toBeLessThan(400)
    await page.waitForSelector('.swagger-ui .opblock', { timeout: 30_000 })

    await expect(page.locator('.swagger-ui .info .title').textContent()).resolves.toContain('Rampart gateway')
    const paths = await page.locator('.opblock-summary-path').allInnerTexts()
    const normalized = paths.map((path) => path.replace(/\u200b/g, ''))
    for (const expected of [
      '/v1/provider/wallets',
      '/v1/provider/wallets/{walletId}',
      '/v1/provider/connections',
      '/v1/vault/encryption-keys',
      '/v1/provider/networks',
    ]) {
      expect(normalized).toContain(expected)
    }

    // Open one operation (swagger-ui names its element after the operationId): its parameters and schemas come from
    // schemas/gateway.
    await page.locator('#operations-Wallets-listWallets').click()
    await page.waitForSelector('#operations-Wallets-listWallets .parameters')
    const text = await page.locator('#operations-Wallets-listWallets').textContent()
    expect(text).toContain('orderBy')
    expect(text).toContain('cursor')

    const screenshot = join(tmpdir(), `rampart-gateway-docs-${process.pid}.png`)
    await page.screenshot({ path: screenshot, fullPage: false })
    expect(statSync(screenshot).size).toBeGreaterThan(20_000)
    process.stdout.write(`/docs screenshot: ${screenshot}\n`)

    expect(foreign).toEqual([])
    expect(failed).toEqual([])
    expect(consoleErrors, consoleErrors.join('\n')).toEqual([])
  })
})
