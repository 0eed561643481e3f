import { asc } from 'drizzle-orm'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { clients } from '../core/database/schema'
import { publicOrigin } from '../grants/publicOrigin'
import { clearCsrfCookie, csrfRefusal, newCsrfToken, setCsrfCookie } from '../pages/csrf'
import { invisibleCharacters } from '../pages/escape'
import { formOf, registerFormParser } from '../pages/formBody'
import { renderMessagePage } from '../pages/layout'
import { newNonce, sendPage } from '../pages/pageHeaders'
import { isAdminKey, isAdminSession, newAdminSession, sessionSeconds } from './adminSession'
import { findRequestFixturesDir, loadRequestFixtures } from './requestFixtures'
import { runTryIt } from './runTryIt'
import { SignInAttempts } from './signInAttempts'
import { fieldsOf, readTryIt, type TryItFields } from './tryItForm'
import { renderSignIn, renderTryIt, type TryItPageInput, tryItPath } from './tryItPage'

const csrfCookie = 'rampart_try_csrf'
const sessionCookie = 'rampart_try_session'
/** The form carries up to three pasted documents. */
const formLimit = 1_048_576
const listedClients = 500

export type TryItOptions = {
  /** Where the example requests are; default: `fixtures/requests/` of the Rampart checkout the gateway runs from. */
  requestFixturesDir?: string | null
}

/**
 * An example request as text to edit: indented JSON whose invisible or direction-changing characters are written as
 * `\\uXXXX` escapes, so the author sees them and the request posted back is the example's exactly.
 */
function editableJson(value: unknown): string {
  return JSON.stringify(value, null, 2).replace(
    invisibleCharacters,
    (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`,
  )
}

const emptyFields: TryItFields = {
  clientId: '',
  fixture: '',
  request: '',
  principal: '',
  entities: '',
  policies: '',
}

/**
 * The try-it page for policy authors, at /try: an admin signs in with the admin API key (a 30-minute session
 * cookie, HttpOnly and SameSite=Strict), pastes a JSON-RPC request or loads an example, picks a client, and sees the
 * request's ERC-7730 display beside the decision of the client's policies (or pasted ones). Every post carries the
 * page's CSRF token; nothing is signed or recorded.
 */
export function tryItRoutes(options: TryItOptions = {}) {
  return async (app: FastifyInstance) => {
    registerFormParser(app, formLimit)
    const fixtures = loadRequestFixtures(
      options.requestFixturesDir === undefined ? findRequestFixturesDir() : options.requestFixturesDir,
    )
    const routeOptions = { config: { auth: 'none' as const }, schema: { hide: true } }
    const attempts = new SignInAttempts()
    const nowSeconds = () => Math.floor(Date.now() / 1000)
    const secure = (request: FastifyRequest) => publicOrigin(app, request).startsWith('https:')

    /** Sends a page with a fresh CSRF token in its forms and its cookie. */
    const send = (
      request: FastifyRequest,
      reply: FastifyReply,
      status: number,
      render: (csrf: string, nonce: string) => string,
    ) => {
      // One token per browser session of the page, not per view: a second tab does not void the first one's form.
      const current = request.cookies[csrfCookie]
      const csrf = current && /^[\w-]{43}$/.test(current) ? current : newCsrfToken()
      const nonce = newNonce()
      setCsrfCookie(reply, csrf, {
        name: csrfCookie,
        path: tryItPath,
        maxAge: sessionSeconds,
        secure: secure(request),
      })
      return sendPage(reply, status, render(csrf, nonce), { nonce })
    }
    const signIn = (request: FastifyRequest, reply: FastifyReply, status: number, error?: string) =>
      send(request, reply, status, (csrf, nonce) =>
        renderSignIn({ csrf, nonce, ...(error ? { error } : {}) }),
      )
    const signedIn = (request: FastifyRequest) =>
      isAdminSession(request.cookies[sessionCookie], app.config.adminApiKey, nowSeconds())
    const refuse = (reply: FastifyReply, status: number, title: string, text: string) => {
      const nonce = newNonce()
      return sendPage(reply, status, renderMessagePage(title, text, nonce), { nonce })
    }
    const page = async (
      request: FastifyRequest,
      reply: FastifyReply,
      status: number,
      rest: Omit<TryItPageInput, 'csrf' | 'nonce' | 'clients' | 'fixtures'>,
    ) => {
      const rows = await app.db
        .select({ clientId: clients.clientId, name: clients.name })
        .from(clients)
        .orderBy(asc(clients.clientId))
        .limit(listedClients)
      return send(request, reply, status, (csrf, nonce) =>
        renderTryIt({ ...rest, csrf, nonce, clients: rows, fixtures: [...fixtures.values()] }),
      )
    }
    /** The form of a post, when it carries this page's CSRF token from this origin; the refusal sent otherwise. */
    const checkedForm = (request: FastifyRequest, reply: FastifyReply) => {
      const form = formOf(request.body)
      if (!form) {
        refuse(reply, 400, 'Bad request', 'The form could not be read.')
        return undefined
      }
      if (csrfRefusal(request, form, csrfCookie, publicOrigin(app, request))) {
        refuse(reply, 403, 'Form expired', 'This form is no longer valid. Open the try-it page again.')
        return undefined
      }
      return form
    }

    app.get(tryItPath, routeOptions, async (request, reply) => {
      if (!signedIn(request)) return signIn(request, reply, 200)
      return page(request, reply, 200, { fields: emptyFields })
    })

    app.post(`${tryItPath}/sign-in`, routeOptions, async (request, reply) => {
      const form = checkedForm(request, reply)
      if (!form) return reply
      if (!attempts.allowed(request.ip, Date.now())) {
        return signIn(request, reply, 429, 'Too many wrong keys from this address: try again in 15 minutes.')
      }
      if (!isAdminKey(form.get('adminKey') ?? '', app.config.adminApiKey)) {
        attempts.failed(request.ip, Date.now())
        request.log.warn('try-it sign-in with a wrong admin key')
        return signIn(request, reply, 401, 'That is not the admin API key.')
      }
      attempts.succeeded(request.ip)
      reply.setCookie(sessionCookie, newAdminSession(app.config.adminApiKey, nowSeconds()), {
        path: tryItPath,
        httpOnly: true,
        sameSite: 'strict',
        secure: secure(request),
        maxAge: sessionSeconds,
      })
      return reply.status(303).header('cache-control', 'no-store').redirect(tryItPath, 303)
    })

    app.post(`${tryItPath}/sign-out`, routeOptions, async (request, reply) => {
      const form = checkedForm(request, reply)
      if (!form) return reply
      reply.clearCookie(sessionCookie, { path: tryItPath })
      clearCsrfCookie(reply, { name: csrfCookie, path: tryItPath })
      return reply.status(303).header('cache-control', 'no-store').redirect(tryItPath, 303)
    })

    app.post(tryItPath, routeOptions, async (request, reply) => {
      const form = checkedForm(request, reply)
      if (!form) return reply
      if (!signedIn(request)) return signIn(request, reply, 401, 'Sign in again: the session has ended.')
      const fields = fieldsOf(form)
      if (form.get('action') === 'load') {
        const fixture = fixtures.get(fields.fixture)
        if (!fixture) {
          const issues = [
            { field: 'fixture' as const, where: '', message: 'Choose one of the examples listed.' },
          ]
          return page(request, reply, 422, { fields, issues })
        }
        return page(request, reply, 200, {
          fields: { ...fields, request: editableJson(fixture.request) },
        })
      }
      const read = readTryIt(fields)
      if ('issues' in read) return page(request, reply, 422, { fields, issues: read.issues })
      let outcome: Awaited<ReturnType<typeof runTryIt>>
      try {
        outcome = await runTryIt(app.signing, read.input, app.config.prices?.maxAgeSeconds)
      } catch (error) {
        // Fail closed and say so, on a page: no decision is shown, and the cause goes to the log without its stack.
        request.log.error({ reason: error instanceof Error ? error.message : String(error) }, 'try-it failed')
        return refuse(reply, 500, 'Not tried', 'The request could not be decided. The gateway log says why.')
      }
      if ('issues' in outcome) return page(request, reply, 422, { fields, issues: outcome.issues })
      return page(request, reply, 200, { fields, result: outcome.result })
    })
  }
}
