import { eq } from 'drizzle-orm'
import type { JWK } from 'jose'
import type { Database } from '../core/database/openDatabase'
import { clients } from '../core/database/schema'

/** How long a client's keys are used before they are read again (another instance may have rotated them). */
export const keysRevalidateAfterMs = 1000

type Entry = { keys: Promise<readonly JWK[] | undefined>; readAt: number }

/**
 * The public keys of each client, read from the database at most once a second per client instead of once per
 * request. A key rotation through this instance's admin API applies to the next request ({@link invalidate});
 * one made through another instance sharing the database, within a second. Unknown clients are not cached.
 */
export class ClientKeys {
  private readonly cache = new Map<string, Entry>()

  constructor(
    private readonly db: Database,
    private readonly maxClients = 10_000,
  ) {}

  /** The client's keys, or undefined for a client that is not registered. */
  async keysOf(clientId: string, now = Date.now()): Promise<readonly JWK[] | undefined> {
    const cached = this.cache.get(clientId)
    if (cached && now - cached.readAt < keysRevalidateAfterMs) return cached.keys
    const keys = this.read(clientId)
    if (this.cache.size >= this.maxClients && !cached) {
      this.cache.delete(this.cache.keys().next().value as string)
    }
    this.cache.set(clientId, { keys, readAt: now })
    keys.then(
      (found) => {
        if (found === undefined && this.cache.get(clientId)?.keys === keys) this.cache.delete(clientId)
      },
      () => {
        if (this.cache.get(clientId)?.keys === keys) this.cache.delete(clientId)
      },
    )
    return keys
  }

  /** Forgets a client's keys, after its row changed. */
  invalidate(clientId: string): void {
    this.cache.delete(clientId)
  }

  private async read(clientId: string): Promise<readonly JWK[] | undefined> {
    const [row] = await this.db
      .select({ publicKeys: clients.publicKeys })
      .from(clients)
      .where(eq(clients.clientId, clientId))
    return row ? (row.publicKeys as JWK[]) : undefined
  }
}
