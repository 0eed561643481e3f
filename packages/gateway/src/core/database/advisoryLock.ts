import type pg from 'pg'
import type { KeyedLock } from '../lock/keyedLock'

/** The advisory-lock space of the decisions that count past transfers (the first of PostgreSQL's two keys). */
const decisionLockSpace = 0x72616d70 // "ramp"

/**
 * Runs tasks one at a time per key across every process connected to the database: the task runs while its
 * connection of `pool` holds a session advisory lock on the key. The connections come from a pool of their own,
 * so that tasks waiting for a lock never take the connections their own queries need; a gateway that dies
 * holding a lock ends its session, which releases it. Keys that hash alike share a lock, which only serializes
 * more than needed.
 */
export function createAdvisoryLock(pool: pg.Pool): KeyedLock {
  return async (key, task) => {
    const client = await pool.connect()
    let broken = false
    try {
      await client.query('select pg_advisory_lock($1, hashtext($2))', [decisionLockSpace, key])
      try {
        return await task()
      } finally {
        await client
          .query('select pg_advisory_unlock($1, hashtext($2))', [decisionLockSpace, key])
          .catch(() => {
            // The session is gone, and its locks with it: the connection is discarded rather than reused.
            broken = true
          })
      }
    } finally {
      client.release(broken)
    }
  }
}
