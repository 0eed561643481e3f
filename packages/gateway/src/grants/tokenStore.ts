import { and, eq, getTableColumns } from 'drizzle-orm'
import { grantedConnections, grants, grantTokens } from '../core/database/grantsSchema'
import type { Database } from '../core/database/openDatabase'
import { hashSecret } from './secrets'

export type AccessTokenRow = typeof grantTokens.$inferSelect

/**
 * The access token with this value, whichever client it belongs to (the caller checks), with the networks its
 * grant enabled and the key it is bound to: the `kid` of the client key that made the grant request (RFC 9635
 * §7.3), which is also the key that continued it.
 */
export async function findAccessToken(
  db: Database,
  value: string,
): Promise<(AccessTokenRow & { networks: string[] | string; kid: string }) | undefined> {
  const [row] = await db
    .select({ ...getTableColumns(grantTokens), networks: grants.networks, kid: grants.kid })
    .from(grantTokens)
    .innerJoin(grants, eq(grants.grantId, grantTokens.grantId))
    .where(eq(grantTokens.valueHash, hashSecret(value)))
  return row
}

/** Whether this connection of the client was placed under a user's control by a grant. */
export async function isGrantedConnection(db: Database, clientId: string, connectionId: string) {
  const [row] = await db
    .select({ connectionId: grantedConnections.connectionId })
    .from(grantedConnections)
    .where(and(eq(grantedConnections.clientId, clientId), eq(grantedConnections.connectionId, connectionId)))
    .limit(1)
  return row !== undefined
}

/** Whether any connection of the client is under a user's control. */
export async function hasGrantedConnections(db: Database, clientId: string) {
  const [row] = await db
    .select({ connectionId: grantedConnections.connectionId })
    .from(grantedConnections)
    .where(eq(grantedConnections.clientId, clientId))
    .limit(1)
  return row !== undefined
}
