import { and, eq, inArray, isNull, ne, or } from 'drizzle-orm'
import { type GrantedAccessRow, grantedConnections, grants, grantTokens } from '../core/database/grantsSchema'
import type { Database } from '../core/database/openDatabase'
import { connections } from '../core/database/schema'
import { GatewayError } from '../core/errors/gatewayError'
import { type AccessTokenResponse, accessTokenResponse } from './accessTokenResponse'
import type { GrantTimings } from './grantRequest'
import type { GrantRow } from './interaction'
import { hashSecret, newSecret, sameSecret } from './secrets'

export type ContinueInput = {
  clientId: string
  kid: string
  /** The continuation token of the Authorization header. */
  continuationToken: string | undefined
  interactRef: string
  origin: string
}

/**
 * One access right per picked connection, with the actions of the requested rights that cover it: those naming it
 * in their locations, and those naming no location. A right the client asked for on one connection is not
 * granted on another the user picked for a different right.
 */
export function grantedAccess(grant: GrantRow): GrantedAccessRow[] {
  return grant.connectionIds.map((connectionId) => ({
    type: 'connection',
    actions: actionsOn(grant.requestedAccess, connectionId),
    locations: [connectionId],
    identifier: connectionId,
  }))
}

/** The actions of the requested rights that cover a connection: those naming it, and those naming none. */
export function actionsOn(requested: GrantRow['requestedAccess'], connectionId: string): string[] {
  return [
    ...new Set(
      requested
        .filter((right) => right.locations.length === 0 || right.locations.includes(connectionId))
        .flatMap((right) => right.actions),
    ),
  ]
}

async function grantOfContinuation(db: Database, input: ContinueInput): Promise<GrantRow> {
  if (input.continuationToken === undefined) {
    throw new GatewayError(
      'GRANT_CONTINUATION_MISSING',
      'Continuing a grant needs Authorization: GNAP <continuation token>',
    )
  }
  const [grant] = await db
    .select()
    .from(grants)
    .where(eq(grants.continuationHash, hashSecret(input.continuationToken)))
  // The continuation token is bound to the client and to the key that made the grant request (RFC 9635 §5).
  if (!grant || grant.clientId !== input.clientId || !sameSecret(grant.kid, input.kid)) {
    throw new GatewayError(
      'GRANT_CONTINUATION_INVALID',
      'The continuation token is not valid for this client key',
    )
  }
  return grant
}

/**
 * Continues a grant after the interaction (RFC 9635 §5.1): the continuation token and signing key must be the
 * grant's, the interaction reference the one the user's approval produced. The grant is finalized in the same
 * transaction that issues the access token and places the picked connections under the grant, so a continuation
 * succeeds once.
 */
export async function continueGrant(
  db: Database,
  input: ContinueInput,
  timings: GrantTimings,
): Promise<AccessTokenResponse> {
  const grant = await grantOfContinuation(db, input)
  const now = timings.now()
  if (grant.status === 'finalized') {
    throw new GatewayError('GRANT_CONTINUATION_USED', 'This grant was already continued')
  }
  if (grant.status === 'denied') throw new GatewayError('GRANT_DENIED', 'The user denied this grant')
  const deadline = grant.interactionExpiresAt.getTime() + timings.continueGraceSeconds * 1000
  if (grant.status === 'pending') {
    if (now.getTime() >= grant.interactionExpiresAt.getTime()) {
      throw new GatewayError('GRANT_EXPIRED', 'The interaction expired before the user answered')
    }
    throw new GatewayError('GRANT_PENDING', 'The user has not approved this grant yet')
  }
  if (now.getTime() >= deadline) throw new GatewayError('GRANT_EXPIRED', 'This grant expired')
  if (!grant.interactRefHash || !sameSecret(grant.interactRefHash, hashSecret(input.interactRef))) {
    throw new GatewayError('GRANT_INTERACT_REF_INVALID', 'interact_ref does not match the interaction', {
      issues: [{ path: '/interact_ref', message: 'does not match the interaction', in: 'body' }],
    })
  }

  const access = grantedAccess(grant)
  const tokenId = `token_${newSecret('nonce')}`
  const value = newSecret('access')
  const manageValue = newSecret('management')
  const expiresAt = new Date(now.getTime() + timings.accessTokenTtlSeconds * 1000)
  const finalized = await db.transaction(async (tx) => {
    const updated = await tx
      .update(grants)
      .set({ status: 'finalized', updatedAt: now })
      .where(and(eq(grants.grantId, grant.grantId), eq(grants.status, 'approved')))
      .returning({ grantId: grants.grantId })
    if (updated.length === 0) return false
    if (grant.connectionIds.length > 0) {
      // The picked connections are locked, so of two grants continued together that picked one, only the first
      // places it under its grant; the second sees it taken. A connection may have come under another user's
      // grant (or one naming no user) since it was picked: that control is not handed to this grant too.
      await tx
        .select({ connectionId: connections.connectionId })
        .from(connections)
        .where(inArray(connections.connectionId, grant.connectionIds))
        .orderBy(connections.connectionId)
        .for('update')
      const taken = await tx
        .selectDistinct({ connectionId: grantedConnections.connectionId })
        .from(grantedConnections)
        .innerJoin(grants, eq(grants.grantId, grantedConnections.grantId))
        .where(
          and(
            inArray(grantedConnections.connectionId, grant.connectionIds),
            grant.userId === null ? undefined : or(isNull(grants.userId), ne(grants.userId, grant.userId)),
          ),
        )
      if (taken.length > 0) {
        throw new GatewayError(
          'GRANT_CONNECTION_UNDER_GRANT',
          'A connection the user picked has since come under another grant',
          { connectionIds: taken.map((row) => row.connectionId).sort() },
        )
      }
    }
    await tx.insert(grantTokens).values({
      tokenId,
      grantId: grant.grantId,
      clientId: grant.clientId,
      label: grant.label,
      access,
      valueHash: hashSecret(value),
      manageHash: hashSecret(manageValue),
      expiresAt,
      createdAt: now,
    })
    if (grant.connectionIds.length > 0) {
      await tx.insert(grantedConnections).values(
        grant.connectionIds.map((connectionId) => ({
          connectionId,
          grantId: grant.grantId,
          clientId: grant.clientId,
          createdAt: now,
        })),
      )
    }
    return true
  })
  if (!finalized) throw new GatewayError('GRANT_CONTINUATION_USED', 'This grant was already continued')
  return accessTokenResponse({
    origin: input.origin,
    tokenId,
    label: grant.label,
    value,
    manageValue,
    access,
    expiresAt,
    now,
  })
}
