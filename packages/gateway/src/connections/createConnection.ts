import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { sealEnvelope } from '../core/crypto/envelope'
import { connections } from '../core/database/schema'
import { GatewayError } from '../core/errors/gatewayError'
import { isProviderError } from '../core/errors/providerErrors'
import { credentialsContext } from './connectionSessions'
import { syncConnection } from './syncConnection'
import { decryptCredentials } from './transitKeys'

export type CreateConnectionBody = {
  provider: string
  connectionId?: string
  label?: string
  url?: string
  encryptedCredentials: string
}

/**
 * Creates a connection: decrypts the credentials sent to a transit key, has the provider check them and open
 * a session, stores them envelope-encrypted, and syncs the provider's wallets, accounts and addresses.
 */
export async function createConnection(app: FastifyInstance, clientId: string, body: CreateConnectionBody) {
  const provider = app.providers.get(body.provider)
  if (!provider) {
    const known = [...app.providers.keys()].join(', ')
    throw new GatewayError('PROVIDER_UNKNOWN', `Unknown provider; available: ${known}`, {
      issues: [{ path: '/provider', message: `must be one of ${known}` }],
    })
  }
  const connectionId = body.connectionId ?? randomUUID()
  const [existing] = await app.db
    .select({ connectionId: connections.connectionId })
    .from(connections)
    .where(eq(connections.connectionId, connectionId))
  if (existing) throw new GatewayError('CONNECTION_EXISTS', 'A connection with this id already exists')

  const decrypted = await decryptCredentials(
    app.db,
    app.config.masterKey,
    clientId,
    body.encryptedCredentials,
  )
  let credentials: unknown
  try {
    credentials = provider.validateCredentials(decrypted)
  } catch (error) {
    if (isProviderError(error)) {
      const pointer = typeof error.details.path === 'string' ? error.details.path : ''
      throw new GatewayError(error.code, error.message, {
        issues: [{ path: `/encryptedCredentials${pointer}`, message: error.message }],
      })
    }
    throw error
  }
  const session = await provider.connect(credentials, { connectionId, clientId })

  const now = new Date()
  const [row] = await app.db
    .insert(connections)
    .values({
      connectionId,
      clientId,
      provider: provider.id,
      label: body.label ?? null,
      url: body.url ?? null,
      status: 'active',
      credentials: sealEnvelope(
        app.config.masterKey,
        JSON.stringify(decrypted),
        credentialsContext(connectionId),
      ),
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning()
  if (!row) throw new GatewayError('CONNECTION_EXISTS', 'A connection with this id already exists')
  try {
    await syncConnection(app.db, { clientId, connectionId, provider: provider.id }, session)
  } catch (error) {
    // Creation is all or nothing: a connection whose wallets could not be read is not kept.
    await app.db.delete(connections).where(eq(connections.connectionId, connectionId))
    await session.revoke().catch(() => {})
    throw error
  }
  app.sessions.remember(connectionId, session)
  return row
}
