import { and, eq, type SQL } from 'drizzle-orm'
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { clientOf } from '../auth/authPlugin'
import { cachedRead } from '../core/database/readCache'
import { type ListRowsOptions, listRows } from '../core/pagination/listRows'
import { clientScopeCondition, refuseUnusableConnection, selectedConnection } from './clientScope'

// Data synced from a connection: every read of it goes through `clientScopeCondition`.
type ConnectionBoundTable = PgTable & { clientId: AnyPgColumn; connectionId: AnyPgColumn }

function scopeOf(app: FastifyInstance, request: FastifyRequest, table: ConnectionBoundTable): SQL {
  return clientScopeCondition(app.db, clientOf(request).clientId, selectedConnection(request), table)
}

/**
 * The row with this id, or undefined where it is not there or the client may not see it. One query; a second only
 * when nothing was found, to answer 404/409 for a named connection that is missing or revoked.
 */
export async function connectionBoundRow<T extends ConnectionBoundTable>(
  app: FastifyInstance,
  request: FastifyRequest,
  table: T,
  idColumn: AnyPgColumn,
  id: string,
): Promise<T['$inferSelect'] | undefined> {
  const [row] = await app.db
    .select()
    .from(table as PgTable)
    .where(and(eq(idColumn, id), scopeOf(app, request, table)))
  if (!row) await refuseUnusableConnection(app, request)
  return row as T['$inferSelect'] | undefined
}

/** One page of the rows the client may see that pass every filter given (one query; see {@link connectionBoundRow}). */
export async function connectionBoundPage<T extends ConnectionBoundTable>(
  app: FastifyInstance,
  request: FastifyRequest,
  options: Omit<ListRowsOptions<T>, 'where'> & { filters?: (SQL | undefined)[] },
) {
  const { filters = [], ...list } = options
  const page = await listRows(app, { ...list, where: and(scopeOf(app, request, options.table), ...filters) })
  if (page.data.length === 0) await refuseUnusableConnection(app, request)
  return page
}

/**
 * A route's answer over connection-bound data, from the gateway's read cache where it has one (PGlite): kept per
 * client and selected connection, so no client is answered from another's scope, until the next write that may
 * change it (a sync, a revocation, a grant). `what` names the route and everything else its answer depends on.
 * A refusal (missing or revoked connection) is never kept.
 */
export function connectionBoundRead<T>(
  app: FastifyInstance,
  request: FastifyRequest,
  what: readonly unknown[],
  load: () => Promise<T>,
): Promise<T> {
  const scope = [clientOf(request).clientId, selectedConnection(request) ?? null]
  return cachedRead(app.readCache, [...what, ...scope], load)
}
