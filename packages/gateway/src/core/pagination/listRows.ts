import type { SQL } from 'drizzle-orm'
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { FastifyInstance } from 'fastify'
import { type ListQuery, type Page, paginate } from './paginate'

export type ListRowsOptions<T extends PgTable> = {
  table: T
  idKey: keyof T['$inferSelect'] & keyof T & string
  orderColumns: Record<string, AnyPgColumn>
  query: ListQuery
  where: SQL | undefined
}

/**
 * One page of a table's rows. The cursor reads the id and the order value back from a row by field name, so
 * `idKey` and the keys of `orderColumns` must be the row's own field names for their columns.
 */
export function listRows<T extends PgTable>(
  app: FastifyInstance,
  options: ListRowsOptions<T>,
): Promise<Page<T['$inferSelect']>> {
  const { table, idKey, orderColumns, query, where } = options
  return paginate<T['$inferSelect']>({
    db: app.db,
    table,
    idColumn: table[idKey] as AnyPgColumn,
    orderColumns,
    where,
    query,
    idOf: (row) => row[idKey] as string,
    valueOf: (row, orderBy) => (row as Record<string, unknown>)[orderBy],
  })
}
