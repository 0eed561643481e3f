import { type AuthenticationResponseJSON, generateAuthenticationOptions } from '@simplewebauthn/server'
import { and, desc, eq } from 'drizzle-orm'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { type SigningRequestRow, signingRequests } from '../core/database/actionsSchema'
import { clients } from '../core/database/schema'
import { GatewayError } from '../core/errors/gatewayError'
import { csrfHeader, postFromElsewhere, sameToken } from '../pages/csrf'
import { renderMessagePage } from '../pages/layout'
import { newNonce, sendPage } from '../pages/pageHeaders'
import { requirePagesPlugin } from '../pages/pagesPlugin'
import { type ChallengePurpose, issueChallenge } from '../passkeys/passkeyChallenges'
import { relyingParty } from '../passkeys/passkeyOrigin'
import {
  type ApproverSession,
  findSession,
  openSession,
  sessionCookie,
  sessionSeconds,
} from '../passkeys/passkeySessions'
import { passkeysOf, verifyPasskeyAssertion } from '../passkeys/verifyPasskeyAssertion'
import { signingActionsByKind } from '../signing/actions/signingActions'
import { recordApproval } from '../signing/pipeline/approveRequest'
import { checkedReason, rejectSigningRequest } from '../signing/pipeline/rejectRequest'
import { renderApprovalsPage, renderSignInPage } from './approvalsPage'
import { requestView } from './requestView'

/** How many waiting requests the page lists (newest first). */
const pageSize = 50

type ClientParams = { clientId: string }
type RequestParams = ClientParams & { kind: string; requestId: string }
type Decision = 'approve' | 'reject'

const pageRoute = { config: { auth: 'none' as const }, logLevel: 'warn' as const, schema: { hide: true } }
const basePath = (clientId: string) => `/v1/approvals/${encodeURIComponent(clientId)}`

export type ApprovalsRoutesOptions = { now?: () => Date }

/**
 * The approvals page: an approver signs in with a passkey of the organization (a short session cookie:
 * HttpOnly, SameSite=Strict, Secure over https), sees the client's requests waiting for approval with what they
 * would sign and why they wait, and approves or rejects each with a fresh passkey assertion whose challenge binds
 * the client, the request (kind and id), the decision and the approver. Every post must come from the page: the
 * gateway's Origin and the session's CSRF token in a header.
 */
export function approvalsRoutes(options: ApprovalsRoutesOptions = {}) {
  const now = options.now ?? (() => new Date())
  return async (app: FastifyInstance) => {
    requirePagesPlugin(app, 'the approvals page')
    const services = app.signing

    /** The client's name and policies, for the page (not its organization: 35 MiB at 100,000 accounts). */
    async function clientOf(clientId: string) {
      const [client] = await app.db
        .select({ name: clients.name, policies: clients.policies })
        .from(clients)
        .where(eq(clients.clientId, clientId))
      return client
    }

    /** The organization's credentials, as the gateway decides with them (ClientPolicies.organizationOf). */
    const credentialsOf = async (clientId: string) =>
      (await services.clientPolicies.organizationOf(clientId)).credentials

    /** The approver's live session of this request's cookie for its client, or undefined. */
    const sessionOf = (request: FastifyRequest<{ Params: ClientParams }>) =>
      findSession(app.db, request.params.clientId, request.cookies[sessionCookie], now())

    /** Refuses a post that does not come from the gateway's own page. */
    function requireSameOrigin(request: FastifyRequest) {
      if (postFromElsewhere(request, relyingParty(app, request).origin, { originRequired: true }))
        throw new GatewayError('PAGE_POST_REFUSED', 'This can only be sent from the gateway page')
    }

    async function requireSession(
      request: FastifyRequest<{ Params: ClientParams }>,
    ): Promise<ApproverSession> {
      requireSameOrigin(request)
      const session = await sessionOf(request)
      if (!session) throw new GatewayError('APPROVER_SESSION_REQUIRED', 'Sign in with your passkey again')
      if (!sameToken(request.headers[csrfHeader], session.csrfToken))
        throw new GatewayError('PAGE_POST_REFUSED', 'This page is out of date: reload it')
      return session
    }

    async function pendingRow(params: RequestParams): Promise<SigningRequestRow> {
      const [row] = await app.db
        .select()
        .from(signingRequests)
        .where(
          and(
            eq(signingRequests.clientId, params.clientId),
            eq(signingRequests.kind, params.kind),
            eq(signingRequests.requestId, params.requestId),
          ),
        )
      if (!row) throw new GatewayError('REQUEST_NOT_FOUND', 'No such request')
      if (row.status !== 'pending_approval')
        throw new GatewayError(
          'NOT_PENDING_APPROVAL',
          `The request is ${row.status}, not waiting for approvals`,
        )
      return row
    }

    const optionsFor = async (
      request: FastifyRequest<{ Params: ClientParams }>,
      credentials: unknown,
      purpose: ChallengePurpose,
      binding: Record<string, string>,
      userId?: string,
    ) => {
      const challenge = await issueChallenge(app.db, {
        clientId: request.params.clientId,
        purpose,
        binding,
        now: now(),
      })
      return generateAuthenticationOptions({
        rpID: relyingParty(app, request).rpId,
        challenge: new Uint8Array(Buffer.from(challenge, 'base64url')),
        userVerification: 'required',
        timeout: 120_000,
        allowCredentials: passkeysOf(credentials, userId).map((passkey) => ({
          id: passkey.webauthn.credentialId,
          ...(passkey.webauthn.transports ? { transports: passkey.webauthn.transports as never } : {}),
        })),
      })
    }

    app.get<{ Params: ClientParams }>('/v1/approvals/:clientId', pageRoute, async (request, reply) => {
      const nonce = newNonce()
      const client = await clientOf(request.params.clientId)
      if (!client)
        return sendPage(reply, 404, renderMessagePage('Not found', 'No such client.', nonce), { nonce })
      const base = basePath(request.params.clientId)
      const session = await sessionOf(request)
      if (!session)
        return sendPage(reply, 200, renderSignInPage({ clientName: client.name, base, nonce }), { nonce })
      const rows = await app.db
        .select()
        .from(signingRequests)
        .where(
          and(
            eq(signingRequests.clientId, request.params.clientId),
            eq(signingRequests.status, 'pending_approval'),
          ),
        )
        .orderBy(desc(signingRequests.createdAt))
        .limit(pageSize)
      const policies = Array.isArray(client.policies) ? client.policies : []
      const html = renderApprovalsPage({
        clientName: client.name,
        userId: session.userId,
        base,
        requests: rows.map((row) => requestView(row, policies)),
        nonce,
        csrfToken: session.csrfToken,
      })
      return sendPage(reply, 200, html, { nonce })
    })

    app.post<{ Params: ClientParams }>(
      '/v1/approvals/:clientId/session/options',
      pageRoute,
      async (request) => {
        requireSameOrigin(request)
        const credentials = await credentialsOf(request.params.clientId)
        return { options: await optionsFor(request, credentials, 'sign-in', {}) }
      },
    )

    app.post<{ Params: ClientParams; Body: { response: AuthenticationResponseJSON } }>(
      '/v1/approvals/:clientId/session',
      pageRoute,
      async (request, reply) => {
        requireSameOrigin(request)
        const credentials = await credentialsOf(request.params.clientId)
        const approver = await verifyPasskeyAssertion(app.db, request.body?.response, {
          clientId: request.params.clientId,
          credentials,
          purpose: 'sign-in',
          binding: {},
          relyingParty: relyingParty(app, request),
          now: now(),
        })
        const { token } = await openSession(app.db, { clientId: request.params.clientId, ...approver }, now())
        reply.setCookie(sessionCookie, token, {
          path: basePath(request.params.clientId),
          httpOnly: true,
          sameSite: 'strict',
          secure: relyingParty(app, request).origin.startsWith('https:'),
          maxAge: sessionSeconds,
        })
        return { userId: approver.userId }
      },
    )

    app.post<{ Params: RequestParams; Body: { decision?: string } }>(
      '/v1/approvals/:clientId/requests/:kind/:requestId/options',
      pageRoute,
      async (request) => {
        const session = await requireSession(request)
        const decision = request.body?.decision
        if (decision !== 'approve' && decision !== 'reject')
          throw new GatewayError('VALIDATION_FAILED', 'Choose approve or reject', {
            issues: [{ path: '/decision', message: 'must be approve or reject', keyword: 'enum' }],
          })
        const row = await pendingRow(request.params)
        const credentials = await credentialsOf(row.clientId)
        const binding = { kind: row.kind, requestId: row.requestId, userId: session.userId }
        return { options: await optionsFor(request, credentials, decision, binding, session.userId) }
      },
    )

    const decide =
      (decision: Decision) =>
      async (
        request: FastifyRequest<{
          Params: RequestParams
          Body: { response: AuthenticationResponseJSON; reason?: string }
        }>,
        _reply: FastifyReply,
      ) => {
        const session = await requireSession(request)
        const reason = decision === 'reject' ? checkedReason(request.body?.reason) : ''
        const row = await pendingRow(request.params)
        const action = signingActionsByKind.get(row.kind)
        if (!action) throw new GatewayError('REQUEST_NOT_FOUND', 'No such request')
        const state = await services.clientPolicies.forClient(row.clientId)
        const approver = await verifyPasskeyAssertion(app.db, request.body?.response, {
          clientId: row.clientId,
          credentials: state.entities.credentials,
          userId: session.userId,
          purpose: decision,
          binding: { kind: row.kind, requestId: row.requestId, userId: session.userId },
          relyingParty: relyingParty(app, request),
          now: now(),
        })
        const updated =
          decision === 'approve'
            ? await recordApproval(services, action, row, approver)
            : await rejectSigningRequest(services, row, approver, reason)
        const message =
          decision === 'reject'
            ? `You rejected ${row.requestId}.`
            : updated.status === 'pending_approval'
              ? `Your approval of ${row.requestId} is recorded; it still waits for others.`
              : `Your approval of ${row.requestId} is recorded; the request is now ${updated.status}.`
        // The page shows it with textContent: the request id stays text whatever it holds.
        return { status: updated.status, message }
      }
    app.post('/v1/approvals/:clientId/requests/:kind/:requestId/approve', pageRoute, decide('approve'))
    app.post('/v1/approvals/:clientId/requests/:kind/:requestId/reject', pageRoute, decide('reject'))
  }
}
