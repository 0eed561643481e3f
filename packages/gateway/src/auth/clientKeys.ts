import { eq, sql } from 'drizzle-orm'
import type { JWK } from 'jose'
import type { Database } from '../core/database/openDatabase'
import { clients } from '../core/database/schema'
import { clientKeysChannel } from './clientKeyChanges'

/** How long a client's keys are used before they are read again: the bound if a change notification is lost. */
export const keysRevalidateAfterMs = 1000

type Entry = { keys: Promise<readonly JWK[] | undefined>; readAt: number }

export type ClientKeysOptions = {
  maxClients?: number
  /**
   * Gateways share the database (PostgreSQL): {@link ClientKeys.invalidate} announces the change to the others
   * (NOTIFY), and keys are cached only while `listening()` says this gateway hears theirs.
   */
  shared?: { listening: () => boolean }
}

/**
 * The public keys of each client, read from the database at most once a second per client instead of once per
 * request. A key change through any gateway applies to the next request: through this one at once
 * ({@link invalidate}); through another sharing PostgreSQL as soon as its notification arrives, and while this
 * gateway is not listening for those, keys are read on every request. Unknown clients are not cached.
 */
export class ClientKeys {
  private readonly cache = new Map<string, Entry>()
  private readonly maxClients: number

  constructor(
    private readonly db: Database,
    private readonly options: ClientKeysOptions = {},
  ) {
    this.maxClients = options.maxClients ?? 10_000
  }

  /** The client's keys, or undefined for a client that is not registered. */
  async keysOf(clientId: string, now = Date.now()): Promise<readonly JWK[] | undefined> {
    if (this.options.shared && !this.options.shared.listening()) return this.read(clientId)
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

  /**
   * After a client's row changed: forgets its keys here and, where gateways share PostgreSQL, tells the others
   * (delivered once the change is committed, which it is by the time this is called).
   */
  async invalidate(clientId: string): Promise<void> {
    this.forget(clientId)
    if (this.options.shared) await this.db.execute(sql`select pg_notify(${clientKeysChannel}, ${clientId})`)
  }

  /** Forgets one client's keys here only (another gateway announced the change). */
  forget(clientId: string): void {
    this.cache.delete(clientId)
  }

  /** Forgets every client's keys (changes may have gone unheard). */
  forgetAll(): void {
    this.cache.clear()
  }

  private async read(clientId: string): Promise<readonly JWK[] | undefined> {
    const [row] = await this.db
      .select({ publicKeys: clients.publicKeys })
      .from(clients)
      .where(eq(clients.clientId, clientId))
    return row ? (row.publicKeys as JWK[]) : undefined
  }
}
