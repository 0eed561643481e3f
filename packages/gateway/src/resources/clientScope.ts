import { and, eq, inArray, type SQL } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { clientOf } from '../auth/authPlugin'
import { connections } from '../core/database/schema'

/**
 * The rows a request may see: those of the caller's own active connections, optionally narrowed to the
 * connection named by `x-connection-id` (which must be one of the caller's, or the answer is 404/409).
 * Every read of connection-bound data goes through here, so no route can forget the client scope.
 */
export async function clientScope(
  app: FastifyInstance,
  request: FastifyRequest,
  table: { clientId: AnyPgColumn; connectionId: AnyPgColumn },
): Promise<SQL> {
  const { clientId } = clientOf(request)
  const selected = request.headers['x-connection-id']
  if (typeof selected === 'string') {
    const connection = await app.sessions.activeConnection(clientId, selected)
    return and(eq(table.clientId, clientId), eq(table.connectionId, connection.connectionId)) as SQL
  }
  const active = app.db
    .select({ connectionId: connections.connectionId })
    .from(connections)
    .where(and(eq(connections.clientId, clientId), eq(connections.status, 'active')))
  return and(eq(table.clientId, clientId), inArray(table.connectionId, active)) as SQL
}
