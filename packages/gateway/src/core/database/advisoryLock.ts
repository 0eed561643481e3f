import type pg from 'pg'
import type { KeyedLock } from '../lock/keyedLock'

/** The advisory-lock spaces (the first of PostgreSQL's two keys), one per kind of key, so that kinds never collide. */
export const lockSpaces = {
  /** The decisions that count past transfers, by client. */
  decisions: 0x72616d70, // "ramp"
  /** The changes to a local-provider vault, by connection. */
  localVaults: 0x7661756c, // "vaul"
  /** Appends to a client's decision log, by client (transaction-scoped: taken inside the appending transaction). */
  decisionLog: 0x6c6f6721, // "log!"
} as const

/**
 * Runs tasks one at a time per key across every process connected to the database: the task runs while its
 * connection of `pool` holds a session advisory lock on the key. The connections come from a pool of their own,
 * so that tasks waiting for a lock never take the connections their own queries need; a gateway that dies
 * holding a lock ends its session, which releases it. Keys that hash alike share a lock, which only serializes
 * more than needed.
 */
export function createAdvisoryLock(pool: pg.Pool, space: number = lockSpaces.decisions): KeyedLock {
  return async (key, task) => {
    const client = await pool.connect()
    let broken = false
    try {
      await client.query('select pg_advisory_lock($1, hashtext($2))', [space, key])
      try {
        return await task()
      } finally {
        await client.query('select pg_advisory_unlock($1, hashtext($2))', [space, key]).catch(() => {
          // The session is gone, and its locks with it: the connection is discarded rather than reused.
          broken = true
        })
      }
    } finally {
      client.release(broken)
    }
  }
}
