import type { Entities } from '@rampart/entities'
import { and, eq, gt, isNull, ne, notExists, or, type SQLWrapper } from 'drizzle-orm'
import { grantedConnections, grants } from '../core/database/grantsSchema'
import type { Database } from '../core/database/openDatabase'
import { clients, connections } from '../core/database/schema'
import type { ProviderEnvironment } from '../providers/types'
import { finishRedirect } from './finishUri'
import { enablesEnvironment } from './grantScope'
import type { HashMethod } from './interactionHash'
import { interactionHash } from './interactionHash'
import { hashSecret, newSecret } from './secrets'

export type GrantRow = typeof grants.$inferSelect

/**
 * A client's organization as the gateway decides with it (signing's ClientPolicies.organizationOf), where a grant
 * looks up its user and the user's credentials: not the client row, 35 MiB at 100,000 accounts.
 */
export type OrganizationOf = (clientId: string) => Promise<Entities>

/** A connection the user may pick on the interaction page. */
export type OfferedConnection = { connectionId: string; label: string | null; provider: string }

export type Interaction = {
  grant: GrantRow
  clientName: string
  offered: OfferedConnection[]
}

/** Why an interaction cannot be answered (any more). */
export type InteractionState = 'unknown' | 'expired' | 'answered'

/** The grant behind an interaction id, if the id is one. */
export async function findInteraction(db: Database, interactionId: string): Promise<GrantRow | undefined> {
  const [row] = await db
    .select()
    .from(grants)
    .where(eq(grants.interactionIdHash, hashSecret(interactionId)))
  return row
}

/** Whether the interaction can still be answered, or why not. */
export function interactionState(grant: GrantRow | undefined, now: Date): InteractionState | 'open' {
  if (!grant) return 'unknown'
  if (grant.status !== 'pending') return 'answered'
  if (grant.interactionExpiresAt.getTime() <= now.getTime()) return 'expired'
  return 'open'
}

/**
 * The grants that place a connection under the control of someone other than `userId`: a grant naming another
 * user, or naming none. When `userId` is null (a grant naming no user), every grant of the connection.
 */
export function controlledByOthers(db: Database, userId: string | null, connectionId: SQLWrapper | string) {
  return db
    .select({ connectionId: grantedConnections.connectionId })
    .from(grantedConnections)
    .innerJoin(grants, eq(grants.grantId, grantedConnections.grantId))
    .where(
      and(
        eq(grantedConnections.connectionId, connectionId),
        userId === null ? undefined : or(isNull(grants.userId), ne(grants.userId, userId)),
      ),
    )
}

/**
 * What the user is shown: the client, and the connections they may pick — the client's active connections of a
 * provider whose environment the grant's `providers` enables (`environmentOf` answers null for a provider this
 * gateway does not run), narrowed to the grant's requested locations when it names any. A connection already
 * under a grant is offered only to a grant naming the same user (who proves themselves to approve it): it is
 * under that user's control, and whoever holds this link (the client included) may not hand it out again.
 */
export async function describeInteraction(
  db: Database,
  grant: GrantRow,
  environmentOf: (providerId: string) => ProviderEnvironment | null,
): Promise<Interaction> {
  const [client] = await db
    .select({ name: clients.name })
    .from(clients)
    .where(eq(clients.clientId, grant.clientId))
  const active = await db
    .select({
      connectionId: connections.connectionId,
      label: connections.label,
      provider: connections.provider,
    })
    .from(connections)
    .where(
      and(
        eq(connections.clientId, grant.clientId),
        eq(connections.status, 'active'),
        notExists(controlledByOthers(db, grant.userId, connections.connectionId)),
      ),
    )
    .orderBy(connections.createdAt, connections.connectionId)
  const requested = new Set(grant.requestedAccess.flatMap((right) => right.locations))
  const offered = active.filter((row) => {
    const environment = environmentOf(row.provider)
    if (environment === null || !enablesEnvironment(grant.providers, environment)) return false
    return requested.size === 0 || requested.has(row.connectionId)
  })
  return { grant, clientName: client?.name ?? grant.clientId, offered }
}

/**
 * Records the user's approval with the picked connections and answers where to send the browser: the client's
 * finish URI with `hash` and `interact_ref` (RFC 9635 §4.2.1, §4.2.3). The update only applies to a grant still
 * pending and open, so a double submit or a race approves once. Returns undefined if it no longer was.
 */
export async function approveInteraction(
  db: Database,
  grant: GrantRow,
  connectionIds: string[],
  now: Date,
): Promise<string | undefined> {
  const interactRef = newSecret('interactRef')
  const updated = await db
    .update(grants)
    .set({ status: 'approved', connectionIds, interactRefHash: hashSecret(interactRef), updatedAt: now })
    .where(
      and(
        eq(grants.grantId, grant.grantId),
        eq(grants.status, 'pending'),
        gt(grants.interactionExpiresAt, now),
      ),
    )
    .returning({ grantId: grants.grantId })
  if (updated.length === 0) return undefined
  const hash = interactionHash({
    clientNonce: grant.clientNonce,
    serverNonce: grant.serverNonce,
    interactRef,
    grantEndpoint: grant.grantEndpoint,
    hashMethod: grant.hashMethod as HashMethod,
  })
  return finishRedirect(grant.finishUri, { hash, interact_ref: interactRef })
}

/** Records the user's refusal; continuing the grant then fails with GRANT_DENIED. */
export async function denyInteraction(db: Database, grant: GrantRow, now: Date): Promise<boolean> {
  const updated = await db
    .update(grants)
    .set({ status: 'denied', updatedAt: now })
    .where(and(eq(grants.grantId, grant.grantId), eq(grants.status, 'pending')))
    .returning({ grantId: grants.grantId })
  return updated.length > 0
}
