import { and, asc, desc as descending, type SQL, sql } from 'drizzle-orm'
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { Database } from '../database/openDatabase'
import { GatewayError } from '../errors/gatewayError'
import { decodeCursor, encodeCursor } from './cursor'

export type ListQuery = { cursor?: string; limit?: number; orderBy?: string; desc?: string }

export type Page<T> = { data: T[]; page: { next: string | null } }

export type PaginateOptions<Row> = {
  db: Database
  table: PgTable
  /** The unique id column: the tie-breaker that makes the order total. */
  idColumn: AnyPgColumn
  /** The orderBy whitelist: public field name to a NOT NULL column. `createdAt` is the default. */
  orderColumns: Record<string, AnyPgColumn>
  where?: SQL | undefined
  query: ListQuery
  /** Reads the id and the order value back from a row. */
  idOf: (row: Row) => string
  valueOf: (row: Row, orderBy: string) => unknown
}

export const defaultLimit = 25
export const maxLimit = 100

export function isDescending(desc: string | undefined): boolean {
  return desc === 'true' || desc === '1'
}

/** The column of an order name; a cursor is client input, so a name such as `constructor` finds nothing. */
function orderColumn(orderColumns: Record<string, AnyPgColumn>, orderBy: string): AnyPgColumn | undefined {
  return Object.hasOwn(orderColumns, orderBy) ? orderColumns[orderBy] : undefined
}

/**
 * Keyset pagination on (order value, id). A page continues strictly after the last row it returned, so rows
 * inserted meanwhile never shift, repeat or hide the rows of the following pages.
 */
export async function paginate<Row>(options: PaginateOptions<Row>): Promise<Page<Row>> {
  const { query, orderColumns, idColumn } = options
  const limit = query.limit ?? defaultLimit
  const desc = isDescending(query.desc)
  let orderBy = query.orderBy ?? 'createdAt'
  const conditions: (SQL | undefined)[] = [options.where]
  if (query.cursor !== undefined) {
    const position = decodeCursor(query.cursor)
    if (query.orderBy !== undefined && query.orderBy !== position.orderBy) {
      throw new GatewayError('INVALID_CURSOR', 'The cursor was issued for another orderBy')
    }
    if (query.desc !== undefined && desc !== position.desc) {
      throw new GatewayError('INVALID_CURSOR', 'The cursor was issued for another order direction')
    }
    orderBy = position.orderBy
    const column = orderColumn(orderColumns, orderBy)
    if (!column || position.desc !== desc) {
      throw new GatewayError('INVALID_CURSOR', 'The cursor is not one this gateway issued')
    }
    const value = column.getSQLType().startsWith('timestamp')
      ? new Date(String(position.value))
      : position.value
    if (value instanceof Date && Number.isNaN(value.getTime())) {
      throw new GatewayError('INVALID_CURSOR', 'The cursor is not one this gateway issued')
    }
    // A row comparison, not `column > v or (column = v and id > x)`: PostgreSQL bounds an index scan with it,
    // so a page far down a list reads one page of rows instead of every row before it.
    const after = desc ? sql.raw('<') : sql.raw('>')
    conditions.push(
      sql`(${column}, ${idColumn}) ${after} (${sql.param(value, column)}, ${sql.param(position.id, idColumn)})`,
    )
  }
  const column = orderColumn(orderColumns, orderBy)
  if (!column)
    throw new GatewayError('BAD_REQUEST', `orderBy must be one of ${Object.keys(orderColumns).join(', ')}`)
  const direction = desc ? descending : asc
  const rows = (await options.db
    .select()
    .from(options.table)
    .where(and(...conditions))
    .orderBy(direction(column), direction(idColumn))
    .limit(limit + 1)) as Row[]
  const data = rows.slice(0, limit)
  const last = data[data.length - 1]
  let next: string | null = null
  if (rows.length > limit && last !== undefined) {
    const raw = options.valueOf(last, orderBy)
    const value = raw instanceof Date ? raw.toISOString() : (raw as string | number)
    next = encodeCursor({ orderBy, desc, value, id: options.idOf(last) })
  }
  return { data, page: { next } }
}
