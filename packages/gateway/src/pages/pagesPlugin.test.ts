import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { csrfHeader, csrfRefusal, newCsrfToken, postFromElsewhere, sameToken, setCsrfCookie } from './csrf'
import { formOf, registerFormParser } from './formBody'
import { html } from './html'
import { renderPage } from './layout'
import { pageScript, stylesheet } from './pageAssets'
import { newNonce, sendPage } from './pageHeaders'
import { addPageAsset, pagesPlugin, requirePagesPlugin } from './pagesPlugin'

const origin = 'http://gateway.test'
let app: FastifyInstance
const script = pageScript('hello', 'document.body.dataset.ready = "yes"')

// A page and its form post, built the way every gateway page is: the shared plugin, layout, headers and CSRF.
beforeAll(async () => {
  app = Fastify()
  await app.register(pagesPlugin)
  addPageAsset(app, script)
  await app.register(async (pages) => {
    registerFormParser(pages)
    pages.get('/page', async (_request, reply) => {
      const nonce = newNonce()
      const token = newCsrfToken()
      setCsrfCookie(reply, token, { name: 'page_csrf', path: '/page', maxAge: 60, secure: false })
      const body = html`<form method="post"><input type="hidden" name="csrf" value="${token}"></form>`
      return sendPage(reply, 200, renderPage({ title: 'Page', nonce, body, scripts: [script.path] }), {
        nonce,
      })
    })
    // A script's post (fetch, JSON): the token comes in a header, checked against the page's (here a fixed one).
    pages.post('/script-post', async (request, reply) => {
      if (postFromElsewhere(request, origin, { originRequired: true }))
        return reply.status(403).send('cross-origin')
      return sameToken(request.headers[csrfHeader], 'the-page-token')
        ? reply.send('ok')
        : reply.status(403).send('token')
    })
    pages.post('/page', async (request, reply) => {
      const form = formOf(request.body)
      if (!form) return reply.status(400).send('no form')
      const refusal = csrfRefusal(request, form, 'page_csrf', origin)
      return reply.status(refusal ? 403 : 200).send(refusal ?? 'ok')
    })
  })
})
afterAll(() => app.close())

async function openPage() {
  const page = await app.inject({ method: 'GET', url: '/page' })
  const token = /name="csrf" value="([^"]+)"/.exec(page.body)?.[1] ?? ''
  return { page, token }
}

function post(headers: Record<string, string>, body: string) {
  return app.inject({
    method: 'POST',
    url: '/page',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: body,
  })
}

describe('a page on the shared module', () => {
  it('sends the strict CSP with a fresh nonce that its scripts carry, and refuses framing', async () => {
    const first = await openPage()
    const second = await openPage()
    const csp = String(first.page.headers['content-security-policy'])
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1]
    expect(nonce).toBeDefined()
    expect(csp).not.toBe(second.page.headers['content-security-policy'])
    expect(first.page.body).toContain(`<script defer nonce="${nonce}" src="${script.path}"></script>`)
    expect(csp).toContain("frame-ancestors 'none'")
    expect(first.page.headers['x-frame-options']).toBe('DENY')
    expect(first.page.headers['referrer-policy']).toBe('same-origin')
    expect(first.page.headers['cache-control']).toBe('no-store')
  })

  it('sets the CSRF cookie HttpOnly and SameSite=Strict on the page path', async () => {
    const { page, token } = await openPage()
    const cookie = String(page.headers['set-cookie'])
    expect(cookie).toContain(`page_csrf=${token}`)
    expect(cookie).toContain('HttpOnly')
    expect(cookie).toContain('SameSite=Strict')
    expect(cookie).toContain('Path=/page')
  })

  it('takes a post with the matching token from this origin', async () => {
    const { token } = await openPage()
    const response = await post({ cookie: `page_csrf=${token}`, origin }, `csrf=${token}`)
    expect(response.body).toBe('ok')
  })

  it('refuses a post without the token, with another token, or without the cookie', async () => {
    const { token } = await openPage()
    expect((await post({ cookie: `page_csrf=${token}` }, '')).body).toBe('token')
    expect((await post({ cookie: `page_csrf=${token}` }, `csrf=${newCsrfToken()}`)).body).toBe('token')
    expect((await post({}, `csrf=${token}`)).body).toBe('token')
  })

  it('refuses a post from another origin or another site, even with the token', async () => {
    const { token } = await openPage()
    const cookie = `page_csrf=${token}`
    expect((await post({ cookie, origin: 'https://evil.example' }, `csrf=${token}`)).statusCode).toBe(403)
    expect((await post({ cookie, 'sec-fetch-site': 'cross-site' }, `csrf=${token}`)).body).toBe(
      'cross-origin',
    )
    expect((await post({ cookie, 'sec-fetch-site': 'same-site' }, `csrf=${token}`)).body).toBe('cross-origin')
  })

  it('serves the stylesheet and the page scripts by their hashed paths, and nothing else there', async () => {
    const css = await app.inject({ method: 'GET', url: stylesheet.path })
    expect(css.statusCode).toBe(200)
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8')
    expect(css.headers['cache-control']).toContain('immutable')
    const js = await app.inject({ method: 'GET', url: script.path })
    expect(js.body).toBe('document.body.dataset.ready = "yes"')
    expect(js.headers['content-type']).toBe('text/javascript; charset=utf-8')
    expect((await app.inject({ method: 'GET', url: '/pages/assets/pages.css' })).statusCode).toBe(404)
    expect((await app.inject({ method: 'GET', url: '/pages/assets/..%2fpackage.json' })).statusCode).toBe(404)
  })

  it("takes a script's post only with this origin's Origin and the page's token in its header", async () => {
    const scriptPost = (headers: Record<string, string>) =>
      app.inject({ method: 'POST', url: '/script-post', headers, payload: {} })
    expect((await scriptPost({ origin, [csrfHeader]: 'the-page-token' })).body).toBe('ok')
    expect((await scriptPost({ [csrfHeader]: 'the-page-token' })).body).toBe('cross-origin')
    expect((await scriptPost({ origin: 'https://evil.example', [csrfHeader]: 'the-page-token' })).body).toBe(
      'cross-origin',
    )
    expect(
      (await scriptPost({ origin, 'sec-fetch-site': 'cross-site', [csrfHeader]: 'the-page-token' })).body,
    ).toBe('cross-origin')
    expect((await scriptPost({ origin })).body).toBe('token')
    expect((await scriptPost({ origin, [csrfHeader]: 'the-page-tokeN' })).body).toBe('token')
  })

  it("puts a fetch-posting page's CSRF token in a meta element, escaped, and none otherwise", () => {
    const withToken = renderPage({ title: 'T', nonce: 'n', body: html``, csrfToken: 'a"b' })
    expect(withToken).toContain('<meta name="csrf-token" content="a&quot;b">')
    expect(renderPage({ title: 'T', nonce: 'n', body: html`` })).not.toContain('csrf-token')
  })

  it('refuses to start a feature with pages registered before the pages plugin', async () => {
    const bare = Fastify()
    expect(() => requirePagesPlugin(bare, 'the approvals page')).toThrow(
      'the approvals page has pages: register pagesPlugin before it',
    )
    expect(() => addPageAsset(bare, script)).toThrow('register pagesPlugin before it')
    expect(() => requirePagesPlugin(app, 'the approvals page')).not.toThrow()
    await bare.close()
  })
})
