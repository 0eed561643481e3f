import type { RegistrationResponseJSON } from '@simplewebauthn/server'
import type { FastifyInstance } from 'fastify'
import { errorResponses, idParams } from '../core/http/routeSchemas'
import { html } from '../pages/html'
import { newNonce, sendPage } from '../pages/pageHeaders'
import { addPageAsset } from '../pages/pagesPlugin'
import { completeEnrolment, createEnrolment, registrationOptions } from './enrolment'
import { relyingParty } from './passkeyOrigin'
import { passkeysPageScript, renderPasskeyPage } from './passkeyPage'

export type PasskeysRoutesOptions = { now?: () => Date }

/** The page routes take JSON their own script sends; none of them is part of the client API reference. */
const pageRoute = { config: { auth: 'none' as const }, logLevel: 'warn' as const }

const enrolPage = (nonce: string) =>
  renderPasskeyPage({
    title: 'Register a passkey',
    nonce,
    body: html`<h1>Register a passkey</h1>
<p class="muted">Your administrator sent you this link to register a passkey (your device's screen lock, or a security key) with the Rampart gateway. You will use it to approve signing requests.</p>
<div class="buttons"><button type="button" class="approve" data-passkey="enrol">Register a passkey</button></div>
<p><a id="approvals-link" href="#" hidden>Open the approvals page</a></p>`,
  })

/**
 * Passkey enrolment: the admin route that makes a one-time link for a user, the page at that link (its token in
 * the fragment), the two steps of the registration ceremony it runs, and the bundled script every passkey page
 * loads from the gateway itself (a page asset: needs the pages plugin registered first).
 */
export function passkeysRoutes(options: PasskeysRoutesOptions = {}) {
  const now = options.now ?? (() => new Date())
  return async (app: FastifyInstance) => {
    app.post<{ Params: { clientId: string }; Body: { userId: string } }>(
      '/v1/admin/clients/:clientId/passkey-enrolments',
      {
        config: { auth: 'admin' },
        schema: {
          tags: ['Admin'],
          operationId: 'createPasskeyEnrolment',
          summary: 'Make a one-time passkey enrolment link for a user',
          description:
            'The link, valid 15 minutes and once, opens a page where the user registers a passkey; the passkey is ' +
            'then added to the client entities as a credential of the user (a `webauthn` credential). Only its ' +
            'SHA-256 is kept: the link is shown here once.',
          security: [{ adminApiKey: [] }],
          headers: { type: 'object', properties: { 'x-api-key': { type: 'string' } } },
          params: idParams('clientId', 'The client id'),
          body: {
            type: 'object',
            additionalProperties: false,
            required: ['userId'],
            properties: { userId: { type: 'string', minLength: 1, maxLength: 200 } },
          },
          response: {
            201: {
              type: 'object',
              required: ['data'],
              properties: {
                data: {
                  type: 'object',
                  required: ['url', 'userId', 'expiresAt'],
                  properties: {
                    url: { type: 'string', description: 'The enrolment link; its token is in the fragment' },
                    userId: { type: 'string' },
                    expiresAt: { type: 'string', format: 'date-time' },
                  },
                },
              },
            },
            ...errorResponses(401, 404, 422, 500),
          },
        },
      },
      async (request, reply) => {
        const { token, expiresAt } = await createEnrolment(
          app.db,
          (clientId) => app.clientPolicies.organizationOf(clientId),
          request.params.clientId,
          request.body.userId,
          now(),
        )
        const { origin } = relyingParty(app, request)
        reply.status(201)
        return {
          data: {
            url: `${origin}/v1/passkeys/enrol#${token}`,
            userId: request.body.userId,
            expiresAt: expiresAt.toISOString(),
          },
        }
      },
    )

    addPageAsset(app, passkeysPageScript)

    app.get('/v1/passkeys/enrol', { ...pageRoute, schema: { hide: true } }, async (_request, reply) => {
      const nonce = newNonce()
      return sendPage(reply, 200, enrolPage(nonce), { nonce })
    })

    const tokenBody = {
      type: 'object',
      required: ['token'],
      properties: { token: { type: 'string', minLength: 1, maxLength: 100 }, response: { type: 'object' } },
    }
    app.post<{ Body: { token: string } }>(
      '/v1/passkeys/enrol/options',
      { ...pageRoute, schema: { hide: true, body: tokenBody } },
      async (request) => ({
        options: await registrationOptions(
          app.db,
          (clientId) => app.clientPolicies.organizationOf(clientId),
          request.body.token,
          relyingParty(app, request),
          now(),
        ),
      }),
    )

    app.post<{ Body: { token: string; response: RegistrationResponseJSON } }>(
      '/v1/passkeys/enrol',
      { ...pageRoute, schema: { hide: true, body: { ...tokenBody, required: ['token', 'response'] } } },
      async (request) => {
        const enrolled = await completeEnrolment(
          app.db,
          request.body.token,
          request.body.response,
          relyingParty(app, request),
          now(),
        )
        // A governed client's passkey counts only once its proposal is applied: the page says it waits.
        if (enrolled.proposalId)
          return {
            credentialId: enrolled.credentialId,
            proposalId: enrolled.proposalId,
            message: `Your passkey waits for your organization's approval (proposal ${enrolled.proposalId}).`,
          }
        // The new credential must count from the next approval on.
        await app.clientKeys.invalidate(enrolled.clientId)
        app.clientPolicies.revalidate(enrolled.clientId)
        return {
          credentialId: enrolled.credentialId,
          approvalsUrl: `/v1/approvals/${encodeURIComponent(enrolled.clientId)}`,
          message: 'Your passkey is registered.',
        }
      },
    )
  }
}
