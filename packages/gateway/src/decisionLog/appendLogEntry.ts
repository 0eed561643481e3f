import {
  type DecisionLogEntry,
  GENESIS_HASH,
  runInSlices,
  sealLogEntryText,
  sealLogEntryTextInSteps,
  type UnsealedLogEntry,
} from '@rampart/evaluator'
import { desc, eq, sql } from 'drizzle-orm'
import { lockSpaces } from '../core/database/advisoryLock'
import type { Database } from '../core/database/openDatabase'
import { decisionLog } from './decisionLogTable'

/** What a caller says about an entry: the log numbers, times and chains it. */
export type LogEntryContent = Omit<UnsealedLogEntry, 'clientId' | 'seq' | 'time' | 'prevHash'>

/**
 * Appends an entry to the client's decision log, inside `tx`, the transaction that writes what the entry records:
 * both are committed or neither. It takes the client's log lock (a transaction-scoped advisory lock, released at
 * commit, held by one transaction at a time across every gateway on the database), reads the head, and inserts the
 * next entry chained to it; the (client, seq) primary key refuses a second entry with the same number should the
 * lock ever fail. Call it last in the transaction: the lock is then held only while the entry is written, and a
 * transaction holding it never waits on another lock. On PGlite (one connection) transactions already run one at a
 * time; the lock is taken all the same.
 */
export async function appendLogEntry(
  tx: Database,
  clientId: string,
  content: LogEntryContent,
  time: Date = new Date(),
): Promise<DecisionLogEntry> {
  await tx.execute(sql`select pg_advisory_xact_lock(${lockSpaces.decisionLog}, hashtext(${clientId}))`)
  const [head] = await tx
    .select({ seq: decisionLog.seq, hash: decisionLog.hash })
    .from(decisionLog)
    .where(eq(decisionLog.clientId, clientId))
    .orderBy(desc(decisionLog.seq))
    .limit(1)
  const unsealed = {
    clientId,
    seq: (head?.seq ?? 0) + 1,
    time: time.toISOString(),
    ...content,
    prevHash: head?.hash ?? GENESIS_HASH,
  } as UnsealedLogEntry
  // A change entry carries the new content whole, at 100,000 accounts 35 MiB: it is sealed in slices, with turns of
  // the event loop between them. A decision's entry is small, and sealed at once.
  const { entry, text } = isChangeEntry(content)
    ? await runInSlices(sealLogEntryTextInSteps(unsealed))
    : sealLogEntryText(unsealed)
  await tx.insert(decisionLog).values({
    clientId,
    seq: entry.seq,
    time,
    kind: entry.kind,
    hash: entry.hash,
    // Canonical JSON, so that the exported line is exactly what was hashed (with the hash added in its place).
    entry: text,
  })
  return entry
}

const isChangeEntry = (content: LogEntryContent) =>
  content.kind === 'entities.changed' || content.kind === 'policies.changed'
