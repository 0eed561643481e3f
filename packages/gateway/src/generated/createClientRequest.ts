/* This file is generated from schemas/ by `pnpm types:generate`. Do not edit it by hand. */

/**
 * Registers an API client (admin only).
 */
export interface CreateClientRequest {
  clientId: string
  name: string
  /**
   * @minItems 1
   * @maxItems 20
   */
  publicKeys:
    | [ClientPublicKey]
    | [ClientPublicKey, ClientPublicKey]
    | [ClientPublicKey, ClientPublicKey, ClientPublicKey]
    | [ClientPublicKey, ClientPublicKey, ClientPublicKey, ClientPublicKey]
    | [ClientPublicKey, ClientPublicKey, ClientPublicKey, ClientPublicKey, ClientPublicKey]
    | [ClientPublicKey, ClientPublicKey, ClientPublicKey, ClientPublicKey, ClientPublicKey, ClientPublicKey]
    | [
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey
      ]
    | [
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey
      ]
    | [
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey
      ]
    | [
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey
      ]
    | [
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey
      ]
    | [
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey
      ]
    | [
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey
      ]
    | [
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey
      ]
    | [
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey
      ]
    | [
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey
      ]
    | [
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey
      ]
    | [
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey
      ]
    | [
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey
      ]
    | [
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey,
        ClientPublicKey
      ]
  /**
   * An Entities document, validated by @rampart/entities
   */
  entities?: {}
  /**
   * Policies, validated by the evaluator
   *
   * @maxItems 1000
   */
  policies?: {}[]
  /**
   * Protocol preset ids enabled for the client
   *
   * @maxItems 200
   */
  presets?: string[]
}
/**
 * A public JWK a client signs its requests with. Only ES256K, ES256, EdDSA and RS256 are accepted; private members are refused.
 */
export interface ClientPublicKey {
  kty: 'EC' | 'OKP' | 'RSA'
  kid: string
  alg: 'ES256K' | 'ES256' | 'EdDSA' | 'RS256'
  use?: 'sig'
  crv?: 'secp256k1' | 'P-256' | 'Ed25519'
  x?: string
  y?: string
  n?: string
  e?: string
  addr?: string
}
