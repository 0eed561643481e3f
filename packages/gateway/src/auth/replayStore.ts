/**
 * Where the gateway remembers the signed requests it accepted, so each is accepted once. A key is kept until the
 * request's `created` time has left the accepted window (`expiresAt`); after that the window alone refuses it.
 *
 * - `memory`: a map in this process. No database round trip per request, but it is not shared: run one gateway
 *   instance per store, and know that a request accepted within the window before a restart can be replayed once
 *   after it. The default when the database is in-memory PGlite, where nothing (not even the clients) survives
 *   a restart and only this process can use the database.
 * - `database`: a row per request in `seen_signatures`, so every instance sharing the database refuses a replay,
 *   across restarts as well. The default for PostgreSQL and for PGlite on disk.
 */
export type ReplayStoreKind = 'memory' | 'database'

export interface ReplayStore {
  /** Records the request, or throws {@link AuthenticationError} `JWS_REPLAYED` if it was recorded before. */
  remember(clientId: string, replayKey: string, expiresAt: Date): Promise<void>
}
