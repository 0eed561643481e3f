/* This file is generated from schemas/ by `pnpm types:generate`. Do not edit it by hand. */

/**
 * This interface was referenced by `GrantRequest`'s JSON-Schema
 * via the `definition` "action".
 */
export type GrantAction =
  | 'connections:read'
  | 'connections:create'
  | 'connections:sync'
  | 'connections:revoke'
  | 'wallets:read'
  | 'accounts:read'
  | 'addresses:read'
  | 'known-destinations:read'
  | 'networks:read'
  | 'assets:read'
  | 'encryption-keys:create'
  | 'transfers:read'
  | 'transfers:create'
  | 'evm:read'
  | 'evm:sign'
  | 'raw:read'
  | 'raw:sign'
  | 'staking:read'
  | 'staking:stake'
  | 'staking:unstake'
  | 'requests:approve'
  | 'evaluate'

/**
 * A GNAP grant request (RFC 9635 §2) for an access token on the client's connections. A user approves it at the interaction redirect URI and picks the connections the token may act on; the client then continues the grant with the interaction reference it receives at its finish URI.
 */
export interface GrantRequest {
  /**
   * The id of the client requesting the access token; must be the x-client-id of the request
   */
  client: string
  /**
   * Which providers' connections the user may pick: production, sandbox or all
   */
  providers?: 'production' | 'all' | 'sandbox'
  /**
   * The networks the grant is about: a list of network ids from GET /v1/provider/networks, or a network category (all, or a network type such as evm)
   */
  networks?: [string, ...string[]] | string
  access_token: {
    /**
     * A label the client gives the token; returned with it
     */
    label?: string
    /**
     * @minItems 1
     * @maxItems 16
     */
    access:
      | [GrantAccessRight]
      | [GrantAccessRight, GrantAccessRight]
      | [GrantAccessRight, GrantAccessRight, GrantAccessRight]
      | [GrantAccessRight, GrantAccessRight, GrantAccessRight, GrantAccessRight]
      | [GrantAccessRight, GrantAccessRight, GrantAccessRight, GrantAccessRight, GrantAccessRight]
      | [
          GrantAccessRight,
          GrantAccessRight,
          GrantAccessRight,
          GrantAccessRight,
          GrantAccessRight,
          GrantAccessRight
        ]
      | [
          GrantAccessRight,
          GrantAccessRight,
          GrantAccessRight,
          GrantAccessRight,
          GrantAccessRight,
          GrantAccessRight,
          GrantAccessRight
        ]
      | [
          GrantAccessRight,
          GrantAccessRight,
          GrantAccessRight,
          GrantAccessRight,
          GrantAccessRight,
          GrantAccessRight,
          GrantAccessRight,
          GrantAccessRight
        ]
      | [
          GrantAccessRight,
          GrantAccessRight,
          GrantAccessRight,
          GrantAccessRight,
          GrantAccessRight,
          GrantAccessRight,
          GrantAccessRight,
          GrantAccessRight,
          GrantAccessRight
        ]
      | [
          GrantAccessRight,
          GrantAccessRight,
          GrantAccessRight,
          GrantAccessRight,
          GrantAccessRight,
          GrantAccessRight,
          GrantAccessRight,
          GrantAccessRight,
          GrantAccessRight,
          GrantAccessRight
        ]
      | [
          GrantAccessRight,
          GrantAccessRight,
          GrantAccessRight,
          GrantAccessRight,
          GrantAccessRight,
          GrantAccessRight,
          GrantAccessRight,
          GrantAccessRight,
          GrantAccessRight,
          GrantAccessRight,
          GrantAccessRight
        ]
      | [
          GrantAccessRight,
          GrantAccessRight,
          GrantAccessRight,
          GrantAccessRight,
          GrantAccessRight,
          GrantAccessRight,
          GrantAccessRight,
          GrantAccessRight,
          GrantAccessRight,
          GrantAccessRight,
          GrantAccessRight,
          GrantAccessRight
        ]
      | [
          GrantAccessRight,
          GrantAccessRight,
          GrantAccessRight,
          GrantAccessRight,
          GrantAccessRight,
          GrantAccessRight,
          GrantAccessRight,
          GrantAccessRight,
          GrantAccessRight,
          GrantAccessRight,
          GrantAccessRight,
          GrantAccessRight,
          GrantAccessRight
        ]
      | [
          GrantAccessRight,
          GrantAccessRight,
          GrantAccessRight,
          GrantAccessRight,
          GrantAccessRight,
          GrantAccessRight,
          GrantAccessRight,
          GrantAccessRight,
          GrantAccessRight,
          GrantAccessRight,
          GrantAccessRight,
          GrantAccessRight,
          GrantAccessRight,
          GrantAccessRight
        ]
      | [
          GrantAccessRight,
          GrantAccessRight,
          GrantAccessRight,
          GrantAccessRight,
          GrantAccessRight,
          GrantAccessRight,
          GrantAccessRight,
          GrantAccessRight,
          GrantAccessRight,
          GrantAccessRight,
          GrantAccessRight,
          GrantAccessRight,
          GrantAccessRight,
          GrantAccessRight,
          GrantAccessRight
        ]
      | [
          GrantAccessRight,
          GrantAccessRight,
          GrantAccessRight,
          GrantAccessRight,
          GrantAccessRight,
          GrantAccessRight,
          GrantAccessRight,
          GrantAccessRight,
          GrantAccessRight,
          GrantAccessRight,
          GrantAccessRight,
          GrantAccessRight,
          GrantAccessRight,
          GrantAccessRight,
          GrantAccessRight,
          GrantAccessRight
        ]
  }
  user?: {
    /**
     * The user expected to approve: a user id of the client's entities
     */
    id: string
  }
  interact: {
    /**
     * Interaction start modes the client supports; Rampart offers redirect, which must be listed
     *
     * @minItems 1
     * @maxItems 8
     */
    start:
      | [string]
      | [string, string]
      | [string, string, string]
      | [string, string, string, string]
      | [string, string, string, string, string]
      | [string, string, string, string, string, string]
      | [string, string, string, string, string, string, string]
      | [string, string, string, string, string, string, string, string]
    finish: {
      /**
       * How the client learns the interaction finished: redirect (the user's browser is sent to uri)
       */
      method: 'redirect'
      /**
       * Absolute https URI (http only on loopback hosts) the user is redirected to with hash and interact_ref
       */
      uri: string
      /**
       * The client's unique value that goes into the interaction hash
       */
      nonce: string
      /**
       * The hash of the interaction hash, named as in the IANA Named Information Hash Algorithm Registry
       */
      hash_method?: 'sha-256' | 'sha-384' | 'sha-512' | 'sha3-256' | 'sha3-384' | 'sha3-512'
    }
  }
  /**
   * Capabilities the client asks for, e.g. evm; shown to the user and recorded with the grant
   *
   * @maxItems 16
   */
  capabilities?:
    | []
    | [string]
    | [string, string]
    | [string, string, string]
    | [string, string, string, string]
    | [string, string, string, string, string]
    | [string, string, string, string, string, string]
    | [string, string, string, string, string, string, string]
    | [string, string, string, string, string, string, string, string]
    | [string, string, string, string, string, string, string, string, string]
    | [string, string, string, string, string, string, string, string, string, string]
    | [string, string, string, string, string, string, string, string, string, string, string]
    | [string, string, string, string, string, string, string, string, string, string, string, string]
    | [string, string, string, string, string, string, string, string, string, string, string, string, string]
    | [
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string
      ]
    | [
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string
      ]
    | [
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string
      ]
}
/**
 * Rights on connections (RFC 9635 §8): actions the token may perform, at the listed connection ids. With no locations, the user picks the connections.
 *
 * This interface was referenced by `GrantRequest`'s JSON-Schema
 * via the `definition` "accessRight".
 */
export interface GrantAccessRight {
  /**
   * The kind of resource: connection (a client's link to a custody provider)
   */
  type: 'connection'
  /**
   * @minItems 1
   * @maxItems 32
   */
  actions: [GrantAction, ...GrantAction[]]
  /**
   * Connection ids the user may pick from; empty or absent means any of the client's active connections
   *
   * @maxItems 32
   */
  locations?: string[]
}
