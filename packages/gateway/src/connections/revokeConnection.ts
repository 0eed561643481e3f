import { and, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { connections } from '../core/database/schema'
import { GatewayError } from '../core/errors/gatewayError'

/**
 * Revokes a connection: the provider ends its side, the stored credentials are destroyed (set to null, not
 * kept encrypted), and the connection is marked revoked. Every later use answers 409 CONNECTION_REVOKED.
 * Revoking twice is harmless.
 */
export async function revokeConnection(
  app: FastifyInstance,
  clientId: string,
  connectionId: string,
): Promise<void> {
  const [row] = await app.db
    .select()
    .from(connections)
    .where(and(eq(connections.connectionId, connectionId), eq(connections.clientId, clientId)))
  if (!row) throw new GatewayError('CONNECTION_NOT_FOUND', 'Connection not found')
  if (row.status === 'revoked') return
  try {
    await app.sessions.revoke(row)
  } catch (error) {
    // Whatever the provider answered, the gateway stops using the credentials; the failure is only logged.
    app.log.warn(
      { connectionId, code: (error as { code?: unknown }).code },
      'the provider failed to end the connection',
    )
  }
  const now = new Date()
  await app.db
    .update(connections)
    .set({ status: 'revoked', credentials: null, revokedAt: now, updatedAt: now })
    .where(eq(connections.connectionId, connectionId))
}
