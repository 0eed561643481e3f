import { and, asc, eq, gt, gte, lt, type SQL } from 'drizzle-orm'
import type { Database } from '../core/database/openDatabase'
import { decisionLog } from './decisionLogTable'

export type LogPageQuery = {
  /** Entries after this sequence number (0: from the first). */
  afterSeq: number
  limit: number
  /** Entries appended at or after this time. */
  from?: Date | undefined
  /** Entries appended before this time. */
  to?: Date | undefined
}

export type LogPage = {
  /** Each entry's canonical JSON as stored, in sequence order. */
  lines: string[]
  /** The sequence number to ask the next page after; undefined when this page was the last. */
  nextAfterSeq: number | undefined
}

/**
 * One page of a client's log in sequence order, read by its primary key (client, seq). A full page says where the
 * next one starts (it may be empty); a shorter page is the last.
 */
export async function readLogPage(db: Database, clientId: string, query: LogPageQuery): Promise<LogPage> {
  const conditions: SQL[] = [eq(decisionLog.clientId, clientId), gt(decisionLog.seq, query.afterSeq)]
  if (query.from) conditions.push(gte(decisionLog.time, query.from))
  if (query.to) conditions.push(lt(decisionLog.time, query.to))
  const rows = await db
    .select({ seq: decisionLog.seq, entry: decisionLog.entry })
    .from(decisionLog)
    .where(and(...conditions))
    .orderBy(asc(decisionLog.seq))
    .limit(query.limit)
  const last = rows.at(-1)
  return {
    lines: rows.map((row) => row.entry),
    nextAfterSeq: rows.length === query.limit && last ? last.seq : undefined,
  }
}
