import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'

/** GET /health: the process is up and its database answers. */
export async function healthRoutes(app: FastifyInstance) {
  app.get(
    '/health',
    {
      config: { auth: 'none' },
      schema: {
        tags: ['System'],
        operationId: 'getHealth',
        summary: 'Health check',
        security: [],
        response: {
          200: {
            type: 'object',
            additionalProperties: false,
            required: ['status'],
            properties: { status: { const: 'ok' } },
          },
        },
      },
    },
    async () => {
      await app.db.execute(sql`select 1`)
      return { status: 'ok' as const }
    },
  )
}
