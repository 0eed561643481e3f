/* This file is generated from schemas/ by `pnpm types:generate`. Do not edit it by hand. */

/**
 * A client's connection to a custody provider. Credentials are never returned.
 */
export interface Connection {
  clientId: string
  connectionId: string
  /**
   * RFC 3339 timestamp
   */
  createdAt: string
  label: string | null
  provider: string
  revokedAt: string | null
  status: 'active' | 'revoked'
  /**
   * RFC 3339 timestamp
   */
  updatedAt: string
  url: string | null
}
