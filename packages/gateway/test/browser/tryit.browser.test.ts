import { mkdirSync, statSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchChromium } from '../support/launchChromium'
import { requestFixture } from '../support/requestFixtures'
import { startTestGateway, type TestClient, type TestGateway } from '../support/testGateway'
import { hostileTypedData, registerTryItClient } from '../tryItSetup'

const screenshots = fileURLToPath(new URL('../../../../docs/screenshots/', import.meta.url))

let gateway: TestGateway
let browser: Browser
let base: string
let client: TestClient
let hostile: TestClient

beforeAll(async () => {
  gateway = await startTestGateway()
  base = await gateway.app.listen({ host: '127.0.0.1', port: 0 })
  client = await registerTryItClient(gateway)
  hostile = await registerTryItClient(gateway, { hostileSymbol: true })
  browser = await launchChromium()
})
afterAll(async () => {
  await browser?.close()
  await gateway?.close()
})

/** A page that records every request leaving the gateway's origin, every console error and every CSP violation. */
async function watchedPage(viewport = { width: 1280, height: 900 }) {
  const page = await browser.newPage({ viewport })
  const foreign: string[] = []
  const consoleErrors: string[] = []
  page.on('request', (request) => {
    if (!request.url().startsWith(base)) foreign.push(request.url())
  })
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(`${message.text()} ${message.location().url}`)
  })
  // Runs before any of the page's own content: a hostile script would set __pwned, a blocked one reports here.
  await page.addInitScript(`
    window.__violations = []
    document.addEventListener('securitypolicyviolation', (event) => window.__violations.push(event.violatedDirective))
  `)
  return { page, foreign, consoleErrors }
}

async function signIn(page: Page) {
  await page.goto(`${base}/try`)
  await page.getByLabel('Admin API key').fill(gateway.config.adminApiKey)
  await Promise.all([page.waitForURL(`${base}/try`), page.getByRole('button', { name: 'Sign in' }).click()])
  await page.getByLabel('JSON-RPC request', { exact: true }).waitFor()
}

/** Clicks a submit button and waits for the page the post answers with. */
async function submit(page: Page, button: string) {
  const answered = page.waitForResponse((response) => response.request().method() === 'POST')
  await page.getByRole('button', { name: button }).click()
  await answered
  await page.waitForLoadState('load')
}

async function tryIt(page: Page, clientId: string, request?: string) {
  await page.getByLabel('Client', { exact: true }).selectOption(clientId)
  if (request !== undefined) await page.getByLabel('JSON-RPC request', { exact: true }).fill(request)
  await submit(page, 'Try it')
  await page.locator('#result').waitFor()
}

/** Whether anything on the page ran a hostile script or offers a javascript: link. */
// Browser-side code is given as text: the tests compile without the DOM's types.
async function hostileEffects(page: Page) {
  return page.evaluate<{ pwned: unknown; scripts: number; javascriptLinks: number; violations: string[] }>(`({
    pwned: window.__pwned,
    scripts: document.querySelectorAll('script').length,
    javascriptLinks: [...document.querySelectorAll('a[href]')].filter((a) =>
      a.getAttribute('href').trim().toLowerCase().startsWith('javascript:'),
    ).length,
    violations: window.__violations,
  })`)
}

describe('the try-it page in headless Chromium', () => {
  it('signs in, loads an example, shows the display and the decision side by side (screenshot)', async () => {
    const { page, foreign, consoleErrors } = await watchedPage()
    await signIn(page)
    await page.getByLabel('Client', { exact: true }).selectOption(client.clientId)
    await page.getByLabel('Example request', { exact: true }).selectOption('erc20-transfer-usdt')
    await submit(page, 'Load the example')
    await expect(page.getByLabel('JSON-RPC request', { exact: true }).inputValue()).resolves.toContain(
      'eth_sendTransaction',
    )
    await tryIt(page, client.clientId)

    const display = page.getByRole('region', { name: 'What would be signed' })
    const decision = page.getByRole('region', { name: 'Decision' })
    await expect(display.textContent()).resolves.toContain('160 USDT')
    await expect(decision.locator('.verdict').textContent()).resolves.toBe('Permit')
    await expect(decision.textContent()).resolves.toContain('permit-erc20-transfers')
    // Side by side at desktop width: the decision starts level with the display, to its right.
    const [left, right] = [await display.boundingBox(), await decision.boundingBox()]
    expect(right!.x).toBeGreaterThan(left!.x + left!.width - 1)
    expect(Math.abs(right!.y - left!.y)).toBeLessThan(2)

    mkdirSync(screenshots, { recursive: true })
    const path = `${screenshots}try-it.png`
    await page.screenshot({ path, fullPage: true })
    expect(statSync(path).size).toBeGreaterThan(20_000)
    expect(foreign).toEqual([])
    expect(consoleErrors).toEqual([])
  })

  it('renders a hostile token symbol and typed-data string as inert text: no script runs, no javascript: link', async () => {
    const { page, consoleErrors } = await watchedPage()
    await signIn(page)
    await tryIt(page, hostile.clientId, JSON.stringify(requestFixture('erc20-transfer-usdt.json').request))
    const display = page.getByRole('region', { name: 'What would be signed' })
    await expect(display.textContent()).resolves.toContain('<script>window.__pwned = 1</script>')
    await expect(display.textContent()).resolves.toContain('⟨U+202E⟩DSU')
    expect(await hostileEffects(page)).toEqual({
      pwned: undefined,
      scripts: 0,
      javascriptLinks: 0,
      violations: [],
    })

    await tryIt(page, client.clientId, JSON.stringify(hostileTypedData))
    const shown = await display.textContent()
    expect(shown).toContain('<script>window.__pwned = 1</script>')
    expect(shown).toContain('⟨U+202E⟩DSU')
    expect(shown).toContain('javascript:window.__pwned=3')
    expect(await hostileEffects(page)).toEqual({
      pwned: undefined,
      scripts: 0,
      javascriptLinks: 0,
      violations: [],
    })
    expect(consoleErrors).toEqual([])
  })

  it('fits a phone: one column, nothing wider than the screen, every field labelled', async () => {
    const { page } = await watchedPage({ width: 375, height: 800 })
    await signIn(page)
    await tryIt(page, client.clientId, JSON.stringify(requestFixture('erc20-transfer-usdt.json').request))
    const layout = await page.evaluate<{ scrollWidth: number; tooWide: string[]; unlabelled: number }>(`({
      scrollWidth: document.documentElement.scrollWidth,
      tooWide: [...document.querySelectorAll('main *')]
        .filter((element) => element.getBoundingClientRect().right > window.innerWidth)
        .map((element) => element.outerHTML.slice(0, 80)),
      unlabelled: [...document.querySelectorAll('input:not([type=hidden]), select, textarea')].filter(
        (field) => field.labels.length === 0,
      ).length,
    })`)
    expect(layout.scrollWidth, layout.tooWide.join('\n')).toBeLessThanOrEqual(375)
    expect(layout.unlabelled).toBe(0)
  })

  it('cannot be framed by another origin', async () => {
    const framer: Server = createServer((_request, response) => {
      response.setHeader('content-type', 'text/html')
      response.end(`<!doctype html><iframe id="target" src="${base}/try"></iframe>`)
    })
    await new Promise<void>((resolve) => framer.listen(0, '127.0.0.1', resolve))
    try {
      const { page } = await watchedPage()
      const framerUrl = `http://localhost:${(framer.address() as AddressInfo).port}/`
      const framed = page.waitForResponse(`${base}/try`)
      await page.goto(framerUrl)
      expect((await framed).headers()['content-security-policy']).toContain("frame-ancestors 'none'")
      await page.waitForTimeout(300)
      const frame = page.frames().find((candidate) => candidate !== page.mainFrame())
      // The browser refuses to show the page in the frame: what is left is its error page, not the sign-in form.
      const shown = await frame
        ?.evaluate<boolean>(`document.querySelector('input[name="adminKey"]') !== null`)
        .catch(() => false)
      expect(shown ?? false).toBe(false)
    } finally {
      await new Promise((resolve) => framer.close(resolve))
    }
  })
})
