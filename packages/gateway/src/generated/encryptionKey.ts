/* This file is generated from schemas/ by `pnpm types:generate`. Do not edit it by hand. */

/**
 * A transit encryption key: encrypt provider credentials to `publicKey` (RSA-OAEP-256 + A256GCM). `data` describes the same key for clients that expect the vault's key record.
 */
export interface EncryptionKey {
  publicKey: {
    kty: 'RSA'
    alg: string
    use: string
    kid: string
    addr?: string
    n: string
    e: string
  }
  data: {
    keyId: string
    jwk: {
      kty: string
      alg: string
      use?: string
      kid: string
      addr?: string
      crv?: string
      x?: string
      y?: string
      n?: string
      e?: string
    }
    pem: string
  }
}
