import type { FastifyInstance, FastifyRequest } from 'fastify'

/** Where passkeys are used: the page origin the browser reports, and the RP id (its host) they are scoped to. */
export type RelyingParty = { origin: string; rpId: string; name: string }

/**
 * The gateway's relying party: its configured public origin, or else the request's own (a gateway reached
 * directly). A passkey is bound to the RP id by the authenticator, so one registered here cannot sign for a page
 * on another host; the origin in each assertion must also be exactly this one.
 */
export function relyingParty(app: FastifyInstance, request: FastifyRequest): RelyingParty {
  const origin = new URL(app.config.publicOrigin ?? `${request.protocol}://${request.host}`).origin
  return { origin, rpId: new URL(origin).hostname, name: 'Rampart' }
}
