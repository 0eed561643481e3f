import { lt, sql } from 'drizzle-orm'
import type { Database } from '../core/database/openDatabase'
import { seenSignatures } from '../core/database/schema'
import { AuthenticationError } from '../core/errors/gatewayError'
import type { ReplayStore } from './replayStore'

/**
 * Replay keys in the database (one INSERT per request): every gateway instance sharing the database refuses the
 * replay. Expired rows are pruned now and then.
 */
export class DatabaseReplayStore implements ReplayStore {
  private lastPrune = 0
  constructor(private readonly db: Database) {}

  async remember(clientId: string, replayKey: string, expiresAt: Date): Promise<void> {
    const inserted = await this.db
      .insert(seenSignatures)
      .values({ clientId, replayKey, expiresAt })
      .onConflictDoNothing()
      .returning({ replayKey: seenSignatures.replayKey })
    if (inserted.length === 0)
      throw new AuthenticationError('This signed request was already used', 'JWS_REPLAYED')
    await this.pruneNowAndThen()
  }

  private async pruneNowAndThen(): Promise<void> {
    const now = Date.now()
    if (now - this.lastPrune < 60_000) return
    this.lastPrune = now
    await this.db.delete(seenSignatures).where(lt(seenSignatures.expiresAt, sql`now()`))
  }
}
