import { and, eq, or } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { GatewayError } from '../../core/errors/gatewayError'
import { errorResponses } from '../../core/http/routeSchemas'
import type { SigningServices } from '../pipeline/signingServices'
import { type ActionsByKind, followDueRequests } from './followRequests'
import { signingFollowUps } from './followSchema'

export type FollowPluginOptions = { services: SigningServices; actions: ActionsByKind }

/**
 * Following requests asynchronous custodians hold: a check of the due ones every `follow.intervalMs` (one run at a
 * time), and `POST /v1/webhooks/:provider`, where a provider's signed webhook makes the request it names due at once.
 * The webhook's body is only trusted to name the request, after its signature verifies: the gateway reads where the
 * request stands from the provider, so a duplicate or an out-of-order webhook changes nothing.
 */
export async function followPlugin(app: FastifyInstance, { services, actions }: FollowPluginOptions) {
  // One run at a time: a webhook's run waits for the one under way, and an interval tick skips while one runs.
  let chain: Promise<unknown> = Promise.resolve()
  let ticking = false
  const run = (rowIds?: string[]) => {
    const next = chain
      .then(() => followDueRequests(services, actions, rowIds ? { rowIds } : {}))
      .catch((error: unknown) =>
        services.log.warn({ err: error }, 'following requests failed; tried again later'),
      )
    chain = next
    return next
  }
  let timer: NodeJS.Timeout | undefined
  if (services.follow.intervalMs > 0) {
    app.addHook('onReady', async () => {
      timer = setInterval(() => {
        if (ticking) return
        ticking = true
        void run().finally(() => {
          ticking = false
        })
      }, services.follow.intervalMs)
      timer.unref()
    })
  }
  app.addHook('onClose', async () => {
    clearInterval(timer)
    await chain
  })

  app.post<{ Params: { provider: string } }>(
    '/v1/webhooks/:provider',
    {
      config: { auth: 'none' },
      schema: {
        operationId: 'receiveProviderWebhook',
        tags: ['Webhooks'],
        // No client credentials: the provider's signature over the body is what authenticates it.
        security: [],
        summary: 'A custody provider’s signed notification that one of its requests changed',
        description:
          'For providers that sign their webhooks (Fireblocks: the Fireblocks-Signature header). A webhook whose signature does not verify is refused unread; a verified one makes the gateway read the request it names from the provider at once.',
        params: {
          type: 'object',
          required: ['provider'],
          properties: { provider: { type: 'string', maxLength: 64 } },
        },
        response: {
          200: {
            type: 'object',
            required: ['data'],
            properties: { data: { type: 'object', properties: { received: { type: 'boolean' } } } },
          },
          ...errorResponses(401, 404),
        },
      },
    },
    async (request) => {
      const provider = app.providers.get(request.params.provider)
      if (!provider?.verifyWebhook) {
        throw new GatewayError('ROUTE_NOT_FOUND', 'This provider sends no webhooks')
      }
      const event = provider.verifyWebhook(request.headers, request.rawBody ?? Buffer.alloc(0))
      if (!event) throw new GatewayError('WEBHOOK_SIGNATURE_INVALID', 'The webhook signature does not verify')
      const now = services.clock()
      const due = await services.db
        .update(signingFollowUps)
        .set({ nextCheckAt: now, attempts: 0, updatedAt: now })
        .where(
          and(
            eq(signingFollowUps.provider, provider.id),
            or(
              eq(signingFollowUps.externalId, event.externalId),
              ...(event.externalTxId ? [eq(signingFollowUps.idempotencyKey, event.externalTxId)] : []),
            ),
          ),
        )
        .returning({ rowId: signingFollowUps.rowId })
      if (due.length > 0) await run(due.map((row) => row.rowId))
      return { data: { received: true } }
    },
  )
}
