import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { grantInteractionRoutes } from './grantInteractionRoutes'
import { defaultGrantTimings, type GrantTimings } from './grantRequest'
import { grantRoutes } from './grantRoutes'
import { grantTokenRoutes } from './grantTokenRoutes'
import { grantEnforcementHook } from './requireGrant'

/**
 * The GNAP grant flow of the gateway (RFC 9635): the grant, interaction, continue and token management routes,
 * and the hook that enforces access tokens on every client route. Registered at the root, so the hook sees the
 * routes of every other plugin; each route family stays in its own encapsulated plugin.
 */
export function createGrantsPlugin(options: Partial<GrantTimings> = {}) {
  const timings: GrantTimings = { ...defaultGrantTimings, ...options }
  return fp(
    async (app: FastifyInstance) => {
      app.decorateRequest('grant', null)
      app.addHook('preValidation', grantEnforcementHook(app, { now: timings.now }))
      await app.register(grantRoutes(timings))
      await app.register(grantInteractionRoutes(timings))
      await app.register(grantTokenRoutes(timings))
    },
    { name: 'rampart-grants', dependencies: ['rampart-core', 'rampart-auth', 'rampart-pages'] },
  )
}

/** The grants plugin with the default timings: interactions open 10 minutes, access tokens live 1 hour. */
export const grantsPlugin = createGrantsPlugin()
