import { lt, sql } from 'drizzle-orm'
import type { Database } from '../core/database/openDatabase'
import { seenSignatures } from '../core/database/schema'
import { GatewayError } from '../core/errors/gatewayError'
import type { ReplayStore } from './replayStore'

type Pending = {
  clientId: string
  replayKey: string
  expiresAt: Date
  accept: () => void
  refuse: (error: unknown) => void
}

/** The most requests one INSERT records: a bound on its bind parameters (three a row). */
const maxBatch = 1000

const replayed = () => new GatewayError('JWS_REPLAYED', 'This signed request was already used')

/**
 * Replay keys in the database: every gateway instance sharing the database refuses the replay. The requests that
 * reach this point in the same turn of the event loop are recorded by one `INSERT … ON CONFLICT DO NOTHING
 * RETURNING` (the primary key decides), so under load a gateway makes one round trip for many requests instead of
 * one each; a row the INSERT did not return was there already, a replay. Any failure refuses the whole batch.
 * Expired rows are pruned now and then.
 */
export class DatabaseReplayStore implements ReplayStore {
  private lastPrune = 0
  private pending: Pending[] = []
  private scheduled = false

  constructor(private readonly db: Database) {}

  remember(clientId: string, replayKey: string, expiresAt: Date): Promise<void> {
    return new Promise<void>((accept, refuse) => {
      this.pending.push({ clientId, replayKey, expiresAt, accept, refuse })
      if (!this.scheduled) {
        this.scheduled = true
        setImmediate(() => this.flush())
      }
    })
  }

  private flush(): void {
    this.scheduled = false
    while (this.pending.length > 0) void this.record(this.pending.splice(0, maxBatch))
  }

  private async record(batch: Pending[]): Promise<void> {
    // The same request twice in one batch: the first is recorded, the second is its replay.
    const first = new Map<string, Pending>()
    for (const request of batch) {
      const key = `${request.clientId} ${request.replayKey}`
      if (first.has(key)) request.refuse(replayed())
      else first.set(key, request)
    }
    const unique = [...first.values()]
    try {
      const inserted = await this.db
        .insert(seenSignatures)
        .values(unique.map(({ clientId, replayKey, expiresAt }) => ({ clientId, replayKey, expiresAt })))
        .onConflictDoNothing()
        .returning({ clientId: seenSignatures.clientId, replayKey: seenSignatures.replayKey })
      const recorded = new Set(inserted.map((row) => `${row.clientId} ${row.replayKey}`))
      for (const [key, request] of first) {
        if (recorded.has(key)) request.accept()
        else request.refuse(replayed())
      }
    } catch (error) {
      for (const request of unique) request.refuse(error)
      return
    }
    await this.pruneNowAndThen().catch(() => {})
  }

  private async pruneNowAndThen(): Promise<void> {
    const now = Date.now()
    if (now - this.lastPrune < 60_000) return
    this.lastPrune = now
    await this.db.delete(seenSignatures).where(lt(seenSignatures.expiresAt, sql`now()`))
  }
}
