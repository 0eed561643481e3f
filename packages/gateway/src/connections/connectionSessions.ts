import { and, eq } from 'drizzle-orm'
import { type MasterKey, openEnvelope } from '../core/crypto/envelope'
import type { Database } from '../core/database/openDatabase'
import { connections } from '../core/database/schema'
import { GatewayError } from '../core/errors/gatewayError'
import { isProviderError } from '../core/errors/providerErrors'
import type { CustodyProvider, ProviderSession } from '../providers/types'

export type ConnectionRow = typeof connections.$inferSelect

/** The envelope context of a connection's credentials: they only decrypt on their own row. */
export const credentialsContext = (connectionId: string) => `connection:${connectionId}:credentials`

/**
 * Opens provider sessions for connections, from their credentials decrypted on demand. Sessions are kept
 * open per connection and dropped when the connection is revoked; plaintext credentials are never kept.
 */
export class ConnectionSessions {
  private readonly open = new Map<string, Promise<ProviderSession>>()

  constructor(
    private readonly db: Database,
    private readonly masterKey: MasterKey,
    private readonly providers: ReadonlyMap<string, CustodyProvider>,
  ) {}

  provider(providerId: string): CustodyProvider {
    const provider = this.providers.get(providerId)
    if (!provider)
      throw new GatewayError('PROVIDER_UNAVAILABLE', `The provider ${providerId} is not available`)
    return provider
  }

  /** The client's active connection, or 404 (another client's id is indistinguishable from a missing one). */
  async activeConnection(clientId: string, connectionId: string): Promise<ConnectionRow> {
    const [row] = await this.db
      .select()
      .from(connections)
      .where(and(eq(connections.connectionId, connectionId), eq(connections.clientId, clientId)))
    if (!row) throw new GatewayError('CONNECTION_NOT_FOUND', 'Connection not found')
    if (row.status !== 'active' || row.credentials === null) {
      throw new GatewayError('CONNECTION_REVOKED', 'The connection is revoked')
    }
    return row
  }

  /** A session for the client's connection, opened with its decrypted credentials. */
  async sessionFor(clientId: string, connectionId: string): Promise<ProviderSession> {
    const row = await this.activeConnection(clientId, connectionId)
    const cached = this.open.get(row.connectionId)
    if (cached) return cached
    const opening = this.connect(row)
    this.open.set(row.connectionId, opening)
    opening.catch(() => this.open.delete(row.connectionId))
    return opening
  }

  /** Keeps a session opened while the connection was being created. */
  remember(connectionId: string, session: ProviderSession): void {
    this.open.set(connectionId, Promise.resolve(session))
  }

  /** Ends the provider side of a connection; the caller destroys the stored credentials. */
  async revoke(row: ConnectionRow): Promise<void> {
    let session: ProviderSession | undefined
    try {
      session = await (this.open.get(row.connectionId) ?? this.connect(row))
    } finally {
      this.open.delete(row.connectionId)
    }
    await session.revoke()
  }

  private async connect(row: ConnectionRow): Promise<ProviderSession> {
    if (row.credentials === null) throw new GatewayError('CONNECTION_REVOKED', 'The connection is revoked')
    const provider = this.provider(row.provider)
    const plaintext = openEnvelope(this.masterKey, row.credentials, credentialsContext(row.connectionId))
    try {
      const credentials = provider.validateCredentials(JSON.parse(plaintext))
      return await provider.connect(credentials, { connectionId: row.connectionId, clientId: row.clientId })
    } catch (error) {
      if (isProviderError(error)) throw error
      throw new GatewayError('PROVIDER_CONNECT_FAILED', 'The provider could not open the connection')
    }
  }
}
