import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { GatewayError } from '../core/errors/gatewayError'
import { clearCsrfCookie, csrfRefusal, setCsrfCookie } from '../pages/csrf'
import { formOf, registerFormParser } from '../pages/formBody'
import { renderMessagePage } from '../pages/layout'
import { newNonce, sendPage } from '../pages/pageHeaders'
import { relyingParty } from '../passkeys/passkeyOrigin'
import type { GrantTimings } from './grantRequest'
import {
  approveInteraction,
  denyInteraction,
  describeInteraction,
  findInteraction,
  type GrantRow,
  interactionState,
  type OrganizationOf,
} from './interaction'
import { renderInteractionPage } from './interactionPage'
import { grantPasskeyOptions, passkeyProofProblem } from './passkeyProof'
import { publicOrigin } from './publicOrigin'
import { newSecret, sameSecret } from './secrets'
import { userProofProblem } from './userProof'

const csrfCookie = 'rampart_grant_csrf'

type Params = { interactionId: string }

const closedPages = {
  unknown: { status: 404, title: 'Link not valid', message: 'This approval link is not valid.' },
  expired: {
    status: 410,
    title: 'Link expired',
    message: 'This approval link has expired. Ask the application to start again.',
  },
  answered: {
    status: 409,
    title: 'Already answered',
    message: 'This request was already answered. You can close this window.',
  },
} as const

/** The environment of each provider this gateway runs; null for a provider id it does not know. */
function environmentOf(app: FastifyInstance) {
  return (providerId: string) => {
    const provider = app.providers.get(providerId)
    return provider ? (provider.environment ?? 'production') : null
  }
}

function pathOf(interactionId: string): string {
  return `/v1/grant/interact/${encodeURIComponent(interactionId)}`
}

function message(reply: FastifyReply, status: number, title: string, text: string) {
  const nonce = newNonce()
  return sendPage(reply, status, renderMessagePage(title, text, nonce), { nonce })
}

async function showForm(
  app: FastifyInstance,
  request: FastifyRequest<{ Params: Params }>,
  reply: FastifyReply,
  grant: GrantRow,
  status: number,
  csrfToken: string,
  now: Date,
  error?: string,
) {
  const nonce = newNonce()
  const interaction = await describeInteraction(app.db, grant, environmentOf(app))
  const path = pathOf(request.params.interactionId)
  setCsrfCookie(reply, csrfToken, {
    name: csrfCookie,
    path,
    secure: publicOrigin(app, request).startsWith('https:'),
    maxAge: (grant.interactionExpiresAt.getTime() - now.getTime()) / 1000,
  })
  const html = renderInteractionPage({
    interaction,
    action: path,
    csrfToken,
    nonce,
    now: Math.floor(now.getTime() / 1000),
    ...(error ? { error } : {}),
  })
  // Browsers apply form-action to the redirect that follows the post: the client's finish origin is a target too.
  return sendPage(reply, status, html, { nonce, formTargets: [new URL(grant.finishUri).origin] })
}

/**
 * The interaction pages of the grant flow: GET shows what the client asks for and the connections to pick; the
 * form posts back here with a CSRF token that must match its SameSite=Strict cookie (and an Origin, when the
 * browser sends one, that is the gateway's). When the grant names a user, approving also needs that user's proof,
 * a JWS made with one of their credentials. Approval redirects to the client's finish URI.
 */
export function grantInteractionRoutes(timings: GrantTimings) {
  return async (app: FastifyInstance) => {
    const organizationOf: OrganizationOf = (clientId) => app.clientPolicies.organizationOf(clientId)
    registerFormParser(app)

    // The interaction id in the URL is a secret: these routes log only warnings and errors, never the URL.
    const options = {
      config: { auth: 'none' as const, grant: 'self' as const },
      logLevel: 'warn' as const,
      schema: { hide: true },
    }

    app.get<{ Params: Params }>('/v1/grant/interact/:interactionId', options, async (request, reply) => {
      const grant = await findInteraction(app.db, request.params.interactionId)
      const state = interactionState(grant, timings.now())
      if (state !== 'open' || !grant) {
        const page = closedPages[state === 'open' ? 'unknown' : state]
        return message(reply, page.status, page.title, page.message)
      }
      return showForm(app, request, reply, grant, 200, newSecret('csrf'), timings.now())
    })

    // The passkey the grant's user approves with: options for one assertion over this grant. Posted by the page's
    // script with the form's CSRF token in a header, from the gateway's origin.
    app.post<{ Params: Params }>(
      '/v1/grant/interact/:interactionId/passkey-options',
      options,
      async (request) => {
        const cookieToken = request.cookies[csrfCookie]
        const headerToken = request.headers['x-csrf-token']
        if (
          request.headers.origin !== publicOrigin(app, request) ||
          !cookieToken ||
          typeof headerToken !== 'string' ||
          !sameSecret(headerToken, cookieToken)
        ) {
          throw new GatewayError('PAGE_POST_REFUSED', 'This can only be sent from the approval page')
        }
        const grant = await findInteraction(app.db, request.params.interactionId)
        const now = timings.now()
        if (interactionState(grant, now) !== 'open' || !grant)
          throw new GatewayError('VALIDATION_FAILED', 'This approval link is no longer open')
        return {
          options: await grantPasskeyOptions(app.db, organizationOf, grant, relyingParty(app, request), now),
        }
      },
    )

    app.post<{ Params: Params; Body: unknown }>(
      '/v1/grant/interact/:interactionId',
      options,
      async (request, reply) => {
        const form = formOf(request.body)
        if (!form) return message(reply, 400, 'Bad request', 'The form could not be read.')
        const refusal = csrfRefusal(request, form, csrfCookie, publicOrigin(app, request))
        if (refusal === 'cross-origin') {
          return message(reply, 403, 'Refused', 'This form can only be sent from the gateway page.')
        }
        const cookieToken = request.cookies[csrfCookie]
        if (refusal || !cookieToken) {
          return message(
            reply,
            403,
            'Form expired',
            'This form is no longer valid. Open the approval link again.',
          )
        }

        const grant = await findInteraction(app.db, request.params.interactionId)
        const now = timings.now()
        const state = interactionState(grant, now)
        if (state !== 'open' || !grant) {
          const page = closedPages[state === 'open' ? 'unknown' : state]
          return message(reply, page.status, page.title, page.message)
        }
        const decision = form.get('decision')
        if (decision === 'deny') {
          clearCsrfCookie(reply, { name: csrfCookie, path: pathOf(request.params.interactionId) })
          if (!(await denyInteraction(app.db, grant, now))) {
            const page = closedPages.answered
            return message(reply, page.status, page.title, page.message)
          }
          return message(reply, 200, 'Access denied', 'You denied this request. You can close this window.')
        }
        if (decision !== 'approve') return message(reply, 400, 'Bad request', 'Choose Approve or Deny.')

        const picked = [...new Set(form.getAll('connection'))]
        const { offered } = await describeInteraction(app.db, grant, environmentOf(app))
        const offeredIds = new Set(offered.map((connection) => connection.connectionId))
        if (picked.length === 0 || picked.some((connectionId) => !offeredIds.has(connectionId))) {
          return showForm(
            app,
            request,
            reply,
            grant,
            422,
            cookieToken,
            now,
            'Pick at least one of the connections listed.',
          )
        }
        // A person proves who they are with a passkey (the page's script puts the assertion in `passkey`); a
        // machine with a JWS in `proof`.
        const passkey = (form.get('passkey') ?? '').trim()
        const proofProblem =
          grant.userId && passkey !== ''
            ? await passkeyProofProblem(
                app.db,
                organizationOf,
                grant,
                passkey,
                relyingParty(app, request),
                now,
              )
            : await userProofProblem(
                organizationOf,
                grant,
                (form.get('proof') ?? '').trim(),
                now,
                app.config.jwsMaxAgeSeconds,
              )
        if (proofProblem) {
          return showForm(app, request, reply, grant, 422, cookieToken, now, `Not approved: ${proofProblem}.`)
        }
        const redirect = await approveInteraction(app.db, grant, picked, now)
        if (!redirect) {
          const page = closedPages.answered
          return message(reply, page.status, page.title, page.message)
        }
        clearCsrfCookie(reply, { name: csrfCookie, path: pathOf(request.params.interactionId) })
        return reply
          .status(303)
          .header('cache-control', 'no-store')
          .header('referrer-policy', 'no-referrer')
          .redirect(redirect, 303)
      },
    )
  }
}
