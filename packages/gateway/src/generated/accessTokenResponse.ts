/* This file is generated from schemas/ by `pnpm types:generate`. Do not edit it by hand. */

/**
 * An access token (RFC 9635 §3.2.1), from POST /v1/continue or a rotation at its manage URI. Its value is shown only here; the gateway keeps only its hash.
 */
export interface AccessTokenResponse {
  access_token: {
    label: string | null
    /**
     * Send as Authorization: GNAP <value>, in a request signed with the client's key
     */
    value: string
    manage: {
      /**
       * POST rotates the token, DELETE revokes it
       */
      uri: string
      access_token: {
        /**
         * The token management access token, for the manage URI only
         */
        value: string
      }
    }
    access: {
      type: string
      actions: string[]
      locations: string[]
      /**
       * The connection these rights are on
       */
      identifier: string
    }[]
    /**
     * Seconds until the token expires
     */
    expires_in: number
  }
}
