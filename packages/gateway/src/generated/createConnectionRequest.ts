/* This file is generated from schemas/ by `pnpm types:generate`. Do not edit it by hand. */

/**
 * Creates a connection. `encryptedCredentials` is a compact JWE (alg RSA-OAEP-256, enc A256GCM) to a transit key from POST /v1/vault/encryption-keys, whose plaintext is the provider's credentials as JSON.
 */
export interface CreateConnectionRequest {
  /**
   * Provider id, e.g. local
   */
  provider: string
  /**
   * Optional id to give the connection
   */
  connectionId?: string
  label?: string
  url?: string
  /**
   * Compact JWE (five base64url segments)
   */
  encryptedCredentials: string
}
