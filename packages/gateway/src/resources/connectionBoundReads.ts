import { and, eq, type SQL } from 'drizzle-orm'
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { type ListRowsOptions, listRows } from '../core/pagination/listRows'
import { clientScope } from './clientScope'

// Data synced from a connection: every read of it goes through `clientScope`.
type ConnectionBoundTable = PgTable & { clientId: AnyPgColumn; connectionId: AnyPgColumn }

/** The row with this id, or undefined where it is not there or the client may not see it (`clientScope`). */
export async function connectionBoundRow<T extends ConnectionBoundTable>(
  app: FastifyInstance,
  request: FastifyRequest,
  table: T,
  idColumn: AnyPgColumn,
  id: string,
): Promise<T['$inferSelect'] | undefined> {
  const where = and(eq(idColumn, id), await clientScope(app, request, table))
  const [row] = await app.db
    .select()
    .from(table as PgTable)
    .where(where)
  return row as T['$inferSelect'] | undefined
}

/** One page of the rows the client may see (`clientScope`) that pass every filter given. */
export async function connectionBoundPage<T extends ConnectionBoundTable>(
  app: FastifyInstance,
  request: FastifyRequest,
  options: Omit<ListRowsOptions<T>, 'where'> & { filters?: (SQL | undefined)[] },
) {
  const { filters = [], ...list } = options
  return listRows(app, { ...list, where: and(await clientScope(app, request, options.table), ...filters) })
}
