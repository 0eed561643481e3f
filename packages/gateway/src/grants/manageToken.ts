import { and, eq, exists, isNull } from 'drizzle-orm'
import { grants, grantTokens } from '../core/database/grantsSchema'
import type { Database } from '../core/database/openDatabase'
import { GatewayError } from '../core/errors/gatewayError'
import { type AccessTokenResponse, accessTokenResponse } from './accessTokenResponse'
import type { GrantTimings } from './grantRequest'
import { hashSecret, newSecret } from './secrets'

export type ManageInput = {
  clientId: string
  /** The key that signed the request: it must be the key the access token is bound to. */
  kid: string
  tokenId: string
  /** The token management access token of the Authorization header. */
  managementToken: string | undefined
}

function managed(db: Database, input: ManageInput) {
  if (input.managementToken === undefined) {
    throw new GatewayError(
      'GRANT_MANAGEMENT_TOKEN_MISSING',
      'Managing a token needs Authorization: GNAP <token management access token>',
    )
  }
  return and(
    eq(grantTokens.tokenId, input.tokenId),
    eq(grantTokens.clientId, input.clientId),
    eq(grantTokens.manageHash, hashSecret(input.managementToken)),
    // The management token is bound to the key of its access token (RFC 9635 §6): the grant's key.
    exists(
      db
        .select({ grantId: grants.grantId })
        .from(grants)
        .where(and(eq(grants.grantId, grantTokens.grantId), eq(grants.kid, input.kid))),
    ),
  )
}

const invalidManagementToken = () =>
  new GatewayError(
    'GRANT_MANAGEMENT_TOKEN_INVALID',
    'The token management access token is not valid for this token',
  )

/**
 * Rotates an access token (RFC 9635 §6.1): new access and management values with the same rights and a fresh
 * lifetime. Both hashes are replaced in one conditional update, so the old values stop working at once and two
 * concurrent rotations with the same management token rotate once. A revoked token cannot be rotated.
 */
export async function rotateToken(
  db: Database,
  input: ManageInput & { origin: string },
  timings: GrantTimings,
): Promise<AccessTokenResponse> {
  const condition = managed(db, input)
  const now = timings.now()
  const value = newSecret('access')
  const manageValue = newSecret('management')
  const expiresAt = new Date(now.getTime() + timings.accessTokenTtlSeconds * 1000)
  const [row] = await db
    .update(grantTokens)
    .set({ valueHash: hashSecret(value), manageHash: hashSecret(manageValue), expiresAt, rotatedAt: now })
    .where(and(condition, isNull(grantTokens.revokedAt)))
    .returning()
  if (!row) {
    const [existing] = await db
      .select({ revokedAt: grantTokens.revokedAt })
      .from(grantTokens)
      .where(condition)
    if (existing?.revokedAt) throw new GatewayError('GRANT_TOKEN_REVOKED', 'The access token was revoked')
    throw invalidManagementToken()
  }
  return accessTokenResponse({
    origin: input.origin,
    tokenId: row.tokenId,
    label: row.label,
    value,
    manageValue,
    access: row.access,
    expiresAt,
    now,
  })
}

/** Revokes an access token (RFC 9635 §6.2). Revoking a revoked token succeeds again; its first time is kept. */
export async function revokeToken(db: Database, input: ManageInput, timings: GrantTimings): Promise<void> {
  const condition = managed(db, input)
  const [row] = await db
    .select({ tokenId: grantTokens.tokenId, revokedAt: grantTokens.revokedAt })
    .from(grantTokens)
    .where(condition)
  if (!row) throw invalidManagementToken()
  if (row.revokedAt) return
  await db
    .update(grantTokens)
    .set({ revokedAt: timings.now() })
    .where(and(eq(grantTokens.tokenId, row.tokenId), isNull(grantTokens.revokedAt)))
}
